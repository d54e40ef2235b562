import { listRoute } from "../../../components/catalog/list-route";

/** Shown only when the settings enable it (SPEC §6 settings-gated sections). */
const route = listRoute({
  pageId: "horse_racing",
  path: "/racing",
  title: { namespace: "pages.racing", key: "title" },
  fixed: { sport_key: "horse-racing" },
  tabs: false,
  feature: "horseRacing",
  product: "horse_racing",
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
