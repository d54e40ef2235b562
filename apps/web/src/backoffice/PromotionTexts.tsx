"use client";

import { MESSAGE_LOCALES } from "../lib/locales";
import styles from "./PromotionForm.module.css";
import { errorsFor, type FieldErrors, type TextField } from "./promotion-draft";
import { t } from "./strings";

const s = t.promotions;

/** Names (and for bonuses descriptions and terms) in every UI language, English first. */
export function PromotionTexts({
  fields,
  texts,
  set,
  errors,
}: {
  fields: TextField[];
  texts: Partial<Record<TextField, Record<string, string>>>;
  set: (field: TextField, locale: string, value: string) => void;
  errors: FieldErrors;
}) {
  const label = { name: s.name, description: s.description, rules: s.rules };
  return (
    <fieldset className={styles.texts}>
      <legend>{s.texts}</legend>
      <small>{s.textsHint}</small>
      {(["name", "description", "rules"] as const).map((field) => {
        const problem = errorsFor(errors, field);
        return problem ? (
          <small key={field} className={styles.fieldError}>
            {label[field]}: {problem}
          </small>
        ) : null;
      })}
      <table>
        <thead>
          <tr>
            <th>{s.language}</th>
            {fields.map((f) => (
              <th key={f}>{label[f]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {MESSAGE_LOCALES.map((locale) => (
            <tr key={locale}>
              <th scope="row">{locale}</th>
              {fields.map((f) => {
                const id = `${f}.${locale}`;
                const props = {
                  name: id,
                  "aria-label": `${label[f]} (${locale})`,
                  "aria-invalid": errors[id] ? true : undefined,
                  dir: "auto",
                  value: texts[f]?.[locale] ?? "",
                };
                return (
                  <td key={f}>
                    {f === "name" ? (
                      <input {...props} onChange={(e) => set(f, locale, e.target.value)} />
                    ) : (
                      <textarea {...props} rows={2} onChange={(e) => set(f, locale, e.target.value)} />
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
