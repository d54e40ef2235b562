import { MATCH_STATUS } from "@sportsbook/domain";
import { listRoute } from "../../../components/catalog/list-route";

const route = listRoute({
  pageId: "results",
  path: "/results",
  title: { namespace: "nav", key: "results" },
  fixed: { match_status: MATCH_STATUS.finished },
  tabs: false,
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
