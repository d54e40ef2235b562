"use client";
import type { ProfileField } from "@sportsbook/contracts/identity";
import { useTranslations } from "next-intl";
import { type FormEvent, useId, useState } from "react";
import { reportFailure } from "../../lib/error-reporter";
import { usePlayer, usePlayerStore } from "../../player/player-context";
import type { PlayerProfile } from "../../player/player-store";
import { useClientConfig } from "../shell/ClientConfig";
import styles from "./Profile.module.css";
import { saveProfile } from "./profile-api";

const VALUE: Record<ProfileField, (p: PlayerProfile) => string | null> = {
  first_name: (p) => p.firstName,
  last_name: (p) => p.lastName,
  nickname: (p) => p.nickname,
  phone: (p) => p.phone,
  country_code: (p) => p.country?.code ?? null,
};

const INPUT: Record<ProfileField, { type: string; autoComplete: string; maxLength: number }> = {
  first_name: { type: "text", autoComplete: "given-name", maxLength: 100 },
  last_name: { type: "text", autoComplete: "family-name", maxLength: 100 },
  nickname: { type: "text", autoComplete: "nickname", maxLength: 50 },
  phone: { type: "tel", autoComplete: "tel", maxLength: 16 },
  country_code: { type: "text", autoComplete: "country", maxLength: 2 },
};

/**
 * The player's profile fields (the profile page, and the required-fields modal with only what is
 * missing): only changed fields are sent; a refusal is shown beside its field, what was typed stays.
 */
export function ProfileFieldsForm({
  fields,
  submitLabel,
  required = false,
  onSaved,
}: {
  fields: readonly ProfileField[];
  submitLabel: string;
  /** Every field must be filled in (the required-fields modal). */
  required?: boolean;
  onSaved?: (missed: readonly string[]) => void;
}) {
  const t = useTranslations("profile");
  const te = useTranslations("global-error.default");
  const { locale } = useClientConfig();
  const player = usePlayer();
  const store = usePlayerStore();
  const formId = useId();
  const profile = player.profile;
  // Uncontrolled: what the player typed is the field's own, never put back by a render that lags
  // behind the keystroke (while the page is still loading code, a controlled field loses it).
  const [initial] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f, profile ? (VALUE[f](profile) ?? "") : ""])),
  );
  const [refusal, setRefusal] = useState<{ message: string; field?: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const values = Object.fromEntries(fields.map((f) => [f, String(form.get(f) ?? "")]));
    const changed = Object.fromEntries(
      fields
        .map((f) => [f, values[f]?.trim() ?? ""] as const)
        .filter(([f, v]) => v !== "" && (!profile || v !== (VALUE[f](profile) ?? ""))),
    );
    setSaved(false);
    const empty = required ? fields.find((f) => !values[f]?.trim()) : undefined;
    if (empty) {
      setRefusal({ message: t("required"), field: `body.${empty}` });
      return;
    }
    if (Object.keys(changed).length === 0) {
      setRefusal({ message: t("nothing-changed") });
      return;
    }
    setBusy(true);
    const r = await saveProfile(changed, locale, te("description"));
    setBusy(false);
    if (!r.ok) {
      setRefusal(r);
      return;
    }
    setRefusal(null);
    setSaved(true);
    await store.refreshProfile().catch((err: unknown) => reportFailure("reading the player again", err));
    onSaved?.(r.value);
  };

  const fieldOf = (f: ProfileField) => refusal?.field === `body.${f}`;
  return (
    <form className={styles.form} onSubmit={submit} noValidate data-form="profile-fields">
      {fields.map((f) => {
        const id = `${formId}-${f}`;
        const wrong = fieldOf(f);
        return (
          <div key={f} className={styles.field}>
            <label htmlFor={id}>{t(`field.${f}`)}</label>
            <input
              id={id}
              name={f}
              {...INPUT[f]}
              defaultValue={initial[f] ?? ""}
              required={required}
              aria-invalid={wrong || undefined}
              aria-describedby={wrong ? `${id}-error` : undefined}
            />
            {f === "phone" ? <p className={styles.note}>{t("phone-hint")}</p> : null}
            {wrong ? (
              <p id={`${id}-error`} className={styles.error} data-refusal={f}>
                {refusal?.message}
              </p>
            ) : null}
          </div>
        );
      })}
      {refusal && !fields.some(fieldOf) ? (
        <p className={styles.error} role="alert" data-refusal="form">
          {refusal.message}
        </p>
      ) : null}
      {saved ? (
        <p role="status" className={styles.note}>
          {t("saved")}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary" disabled={busy} data-action="save-profile">
        {submitLabel}
      </button>
    </form>
  );
}
