"use client";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";

/** Local time, minute precision; renders nothing until mounted so server and client markup agree. */
export function Clock() {
  const t = useTranslations("clock");
  const locale = useLocale();
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const id = setInterval(() => setNow(new Date()), 15_000);
    return () => clearInterval(id);
  }, []);
  return (
    <time className="clock" title={t("label")} suppressHydrationWarning>
      {now ? now.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit" }) : "\u00a0"}
    </time>
  );
}
