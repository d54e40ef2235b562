"use client";

import type { ReactNode } from "react";
import styles from "./PromotionForm.module.css";
import { t } from "./strings";

const s = t.promotions;

/** One input with its label, hint and the server's message about its field. */
export function Field({
  label,
  hint,
  error,
  children,
}: {
  label: string;
  hint?: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is the child each caller passes in
    <label
      className={error ? `${styles.field} ${styles.invalid}` : styles.field}
      data-invalid={error ? true : undefined}
    >
      {label}
      {children}
      {hint && <small>{hint}</small>}
      {error && <small className={styles.fieldError}>{error}</small>}
    </label>
  );
}

/** A status select (enabled or disabled). */
export function StatusSelect({ value, set }: { value: string; set: (v: string) => void }) {
  return (
    <select name="status" value={value} onChange={(e) => set(e.target.value)}>
      {Object.entries(s.statuses).map(([v, label]) => (
        <option key={v} value={v}>
          {label}
        </option>
      ))}
    </select>
  );
}

/** When a bonus or jackpot runs (UTC), the same pair of fields in both forms. */
export function ValidityFields({
  draft,
  set,
  error,
}: {
  draft: { valid_from: string; valid_to: string };
  set: (field: "valid_from" | "valid_to", value: string) => void;
  error: (field: string) => string | undefined;
}) {
  return (
    <div className={styles.row}>
      <Field label={s.validFrom} error={error("valid_from")}>
        <input
          name="valid_from"
          type="datetime-local"
          value={draft.valid_from}
          onChange={(ev) => set("valid_from", ev.target.value)}
        />
      </Field>
      <Field label={s.validTo} error={error("valid_to")}>
        <input
          name="valid_to"
          type="datetime-local"
          value={draft.valid_to}
          onChange={(ev) => set("valid_to", ev.target.value)}
        />
      </Field>
    </div>
  );
}
