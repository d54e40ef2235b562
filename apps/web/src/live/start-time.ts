import { dateTimeFormat } from "@sportsbook/domain";

const FORMAT: Intl.DateTimeFormatOptions = {
  day: "2-digit",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
};

/** A start (or end) time as cards show it: in `timeZone`, else in the runtime's own. */
export function startTimeText(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return dateTimeFormat(locale, timeZone ? { ...FORMAT, timeZone } : FORMAT).format(date);
}
