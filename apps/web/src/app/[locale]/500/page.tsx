import { errorRoute } from "../../../components/shell/error-route";

const route = errorRoute("serverError", "/500");

export const generateMetadata = route.generateMetadata;
export default route.Page;
