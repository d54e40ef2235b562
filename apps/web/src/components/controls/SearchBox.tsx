"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { localizeHref } from "../../lib/locale-url";
import { useClientConfig } from "../shell/ClientConfig";
import { SEARCH_MAX, SEARCH_MIN } from "./search-limits";

export function SearchBox() {
  const t = useTranslations("catalog");
  const config = useClientConfig();
  const router = useRouter();
  const [q, setQ] = useState("");
  const valid = q.trim().length >= SEARCH_MIN && q.trim().length <= SEARCH_MAX;
  return (
    <form
      className="search"
      aria-label={t("search")}
      onSubmit={(e) => {
        e.preventDefault();
        if (valid)
          router.push(`${localizeHref("/search", config.locale, config)}?q=${encodeURIComponent(q.trim())}`);
      }}
    >
      <input
        type="search"
        name="q"
        value={q}
        minLength={SEARCH_MIN}
        maxLength={SEARCH_MAX}
        placeholder={t("search-placeholder")}
        aria-label={t("search")}
        title={t("search-hint")}
        onChange={(e) => setQ(e.target.value)}
      />
    </form>
  );
}
