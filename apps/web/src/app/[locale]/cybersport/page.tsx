import { listRoute } from "../../../components/catalog/list-route";

const route = listRoute({
  pageId: "e_sports",
  path: "/cybersport",
  title: { namespace: "nav", key: "cybersport" },
  fixed: { sport_type: "cyber" },
  tabs: true,
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
