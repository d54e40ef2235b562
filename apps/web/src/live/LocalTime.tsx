"use client";
import { useEffect, useState } from "react";
import { startTimeText } from "./start-time";

/**
 * A start time in the visitor's time zone; the server's UTC text is replaced after mount. A server
 * parent passes that text as `utc`, so hydrating a page of cards builds no date formatter (a
 * locale's first one costs a phone tens of milliseconds); the local one is built once, after.
 */
export function LocalTime({ iso, locale, utc }: { iso: string; locale: string; utc?: string }) {
  const [text, setText] = useState(() => utc ?? startTimeText(iso, locale, "UTC"));
  useEffect(() => setText(startTimeText(iso, locale)), [iso, locale]);
  return <time dateTime={iso}>{text}</time>;
}
