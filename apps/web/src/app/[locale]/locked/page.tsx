import { errorRoute } from "../../../components/shell/error-route";

const route = errorRoute("locked", "/locked");

export const generateMetadata = route.generateMetadata;
export default route.Page;
