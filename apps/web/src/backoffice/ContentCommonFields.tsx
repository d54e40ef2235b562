"use client";

import { plainTitle, withField } from "./content-document";
import { t } from "./strings";

/** The structured part of the editor: the common fields, kept in step with the JSON text. */
export function ContentCommonFields({
  document,
  edit,
}: {
  document: Record<string, unknown>;
  edit: (text: string) => void;
}) {
  const pages = Array.isArray(document.customPages) ? (document.customPages as unknown[]) : [];
  const locales = Array.isArray(document.locales) ? (document.locales as unknown[]).join(", ") : "";
  return (
    <div className="bo-inline-form">
      <label>
        {t.content.siteName}
        <input
          name="site_name"
          value={typeof document.siteName === "string" ? document.siteName : ""}
          onChange={(e) => edit(withField(document, "siteName", e.target.value || undefined))}
        />
      </label>
      <label>
        {t.content.theme}
        <select
          name="theme"
          value={typeof document.theme === "string" ? document.theme : "dark"}
          onChange={(e) => edit(withField(document, "theme", e.target.value))}
        >
          {Object.entries(t.content.themes).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t.content.locales}
        <input
          name="locales"
          defaultValue={locales}
          key={locales}
          onBlur={(e) => {
            const list = e.target.value
              .split(",")
              .map((l) => l.trim())
              .filter(Boolean);
            edit(withField(document, "locales", list.length > 0 ? list : undefined));
          }}
        />
      </label>
      {pages.map((page, i) => {
        const title = plainTitle(page);
        if (title === undefined) return null;
        const slug = String((page as { slug?: unknown }).slug ?? i);
        return (
          <label key={slug}>
            {t.content.pageTitle} /{slug}
            <input
              name={`page_title_${slug}`}
              value={title}
              onChange={(e) =>
                edit(
                  withField(
                    document,
                    "customPages",
                    pages.map((p, j) => (j === i ? { ...(p as object), title: e.target.value } : p)),
                  ),
                )
              }
            />
          </label>
        );
      })}
    </div>
  );
}
