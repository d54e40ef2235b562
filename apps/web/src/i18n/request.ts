import { getRequestConfig } from "next-intl/server";
import { loadMessages, MESSAGE_FORMATS } from "./messages";

export default getRequestConfig(async ({ requestLocale }) => {
  const locale = (await requestLocale) ?? "en";
  return { locale, messages: await loadMessages(locale), formats: MESSAGE_FORMATS };
});
