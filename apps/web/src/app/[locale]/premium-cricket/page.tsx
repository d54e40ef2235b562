import { listRoute } from "../../../components/catalog/list-route";

/** Shown only when the settings enable it (SPEC §6 settings-gated sections). */
const route = listRoute({
  pageId: "premium_cricket",
  path: "/premium-cricket",
  title: { namespace: "pages.premium-cricket", key: "title" },
  fixed: { sport_type: "premium_cricket" },
  tabs: false,
  feature: "premiumCricket",
  product: "premium_cricket",
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
