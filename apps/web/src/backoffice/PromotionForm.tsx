"use client";

import Link from "next/link";
import type { FormEvent, ReactNode } from "react";
import { Field } from "./PromotionFields";
import styles from "./PromotionForm.module.css";
import { errorsFor, type FieldErrors } from "./promotion-draft";
import type { PromotionType } from "./promotion-store";
import { useStaffSession } from "./session";
import { t } from "./strings";

const s = t.promotions;

/** The frame both forms share: key, save button, refusal, and the preview beside. */
export function PromotionForm({
  type,
  editing,
  newKey,
  setNewKey,
  errors,
  summary,
  onSubmit,
  preview,
  children,
}: {
  type: PromotionType;
  editing: string | undefined;
  newKey: string;
  setNewKey: (k: string) => void;
  errors: FieldErrors;
  summary: string | undefined;
  onSubmit: () => void;
  preview: ReactNode;
  children: ReactNode;
}) {
  const { may } = useStaffSession();
  const title =
    type === "bonus" ? (editing ? s.editBonus : s.newBonus) : editing ? s.editJackpot : s.newJackpot;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <section>
      <p>
        <Link href="/backoffice/promotions">{s.back}</Link>
      </p>
      <h1>
        {title}
        {editing ? `: ${editing}` : ""}
      </h1>
      <div className={styles.promotion}>
        <form className={`bo-form ${styles.form}`} onSubmit={submit} aria-label={title} noValidate>
          {!editing && (
            <Field label={s.key} hint={s.keyHint} error={errorsFor(errors, "key")}>
              <input name="key" value={newKey} onChange={(e) => setNewKey(e.target.value)} required />
            </Field>
          )}
          {children}
          {summary !== undefined || Object.keys(errors).length > 0 ? (
            <div role="alert" className="bo-error">
              <p>{summary ?? s.problems}</p>
              <ul>
                {Object.entries(errors).map(([field, message]) => (
                  <li key={field}>
                    {field}: {message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {may("savePromotion") && <button type="submit">{s.save}</button>}
        </form>
        {preview}
      </div>
    </section>
  );
}
