import { headers } from "next/headers";
import { errorRoute } from "../../../components/shell/error-route";
import { countryName } from "../../../lib/country-name";

// The country the link names, else the one the operator's proxy reports for this visitor.
const route = errorRoute("blocked", "/blocked", async (query, locale) => {
  const header = (await headers()).get(process.env.COUNTRY_HEADER ?? "x-country-code");
  return countryName(query ?? header, locale);
});

export const generateMetadata = route.generateMetadata;
export default route.Page;
