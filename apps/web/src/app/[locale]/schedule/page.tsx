import { MATCH_STATUS } from "@sportsbook/domain";
import { listRoute } from "../../../components/catalog/list-route";

const route = listRoute({
  pageId: "schedule",
  path: "/schedule",
  title: { namespace: "nav", key: "schedule" },
  fixed: { match_status: MATCH_STATUS.prematch },
  tabs: false,
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
