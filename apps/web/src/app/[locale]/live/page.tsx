import { MATCH_STATUS } from "@sportsbook/domain";
import { listRoute } from "../../../components/catalog/list-route";

const route = listRoute({
  pageId: "in_play",
  path: "/live",
  title: { namespace: "nav", key: "live" },
  fixed: { match_status: MATCH_STATUS.live },
  tabs: true,
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
