"use client";
import { useEffect, useState } from "react";

const FORMAT: Intl.DateTimeFormatOptions = {
  day: "2-digit",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
};

function format(iso: string, locale: string, timeZone?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(locale, timeZone ? { ...FORMAT, timeZone } : FORMAT);
}

/** A start time in the visitor's time zone; the server's UTC text is replaced after mount. */
export function LocalTime({ iso, locale }: { iso: string; locale: string }) {
  const [text, setText] = useState(() => format(iso, locale, "UTC"));
  useEffect(() => setText(format(iso, locale)), [iso, locale]);
  return <time dateTime={iso}>{text}</time>;
}
