import { listRoute } from "../../../components/catalog/list-route";

/** Shown only when the settings enable it (SPEC §6 settings-gated sections). */
const route = listRoute({
  pageId: "lotteries",
  path: "/lotteries",
  title: { namespace: "pages.lotteries", key: "title" },
  fixed: { sport_key: "lottery" },
  tabs: false,
  feature: "lottery",
  product: "lotto",
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
