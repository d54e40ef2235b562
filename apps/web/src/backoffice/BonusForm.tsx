"use client";

import { BONUS_KINDS } from "@sportsbook/domain";
import { Problem } from "./Problem";
import { Field, StatusSelect, ValidityFields } from "./PromotionFields";
import { PromotionForm } from "./PromotionForm";
import styles from "./PromotionForm.module.css";
import { PromotionPreview } from "./PromotionPreview";
import { PromotionTexts } from "./PromotionTexts";
import {
  type BonusKind,
  bonusDefinitionOf,
  bonusDraftOf,
  emptyBonusDraft,
  TERMS_TEMPLATES,
  type TextField,
} from "./promotion-draft";
import { usePromotionDraft } from "./promotion-store";
import { t } from "./strings";

const s = t.promotions;

/** Creates (no `editing` key) or edits a bonus; every field of its definition. */
export function BonusForm({ editing }: { editing?: string }) {
  const {
    error,
    draft,
    setDraft,
    set,
    newKey,
    setNewKey,
    errors,
    summary,
    save,
    fieldErrors: e,
  } = usePromotionDraft("bonus", editing, emptyBonusDraft, bonusDraftOf, bonusDefinitionOf);
  const setText = (field: TextField, locale: string, value: string) =>
    setDraft((d) => ({ ...d, texts: { ...d.texts, [field]: { ...d.texts[field], [locale]: value } } }));
  if (error) return <Problem>{error}</Problem>;
  return (
    <PromotionForm
      type="bonus"
      editing={editing}
      newKey={newKey}
      setNewKey={setNewKey}
      errors={errors}
      summary={summary}
      onSubmit={() => void save()}
      preview={
        <PromotionPreview
          kind={draft.kind}
          name={draft.texts.name}
          description={draft.texts.description}
          validFrom={draft.valid_from}
          validTo={draft.valid_to}
          banners={draft.banners}
        />
      }
    >
      <div className={styles.row}>
        <Field label={s.kind} error={e("kind")}>
          <select
            name="kind"
            value={draft.kind}
            onChange={(ev) => {
              const kind = ev.target.value as BonusKind;
              // terms still as the old kind's template become the new kind's template
              setDraft((d) => ({
                ...d,
                kind,
                terms:
                  d.terms === JSON.stringify(TERMS_TEMPLATES[d.kind], null, 2)
                    ? JSON.stringify(TERMS_TEMPLATES[kind], null, 2)
                    : d.terms,
              }));
            }}
            disabled={editing !== undefined}
          >
            {BONUS_KINDS.map((k) => (
              <option key={k} value={k}>
                {s.types[k] ?? k}
              </option>
            ))}
          </select>
        </Field>
        <Field label={s.status} error={e("status")}>
          <StatusSelect value={draft.status} set={(v) => set("status", v)} />
        </Field>
      </div>
      <PromotionTexts
        fields={["name", "description", "rules"]}
        texts={draft.texts}
        set={setText}
        errors={errors}
      />
      <div className={styles.row}>
        <Field label={s.issuedBy} error={e("issued_by")}>
          <select
            name="issued_by"
            value={draft.issued_by}
            onChange={(ev) => set("issued_by", ev.target.value)}
          >
            {Object.entries(s.issuers).map(([v, label]) => (
              <option key={v} value={v}>
                {label}
              </option>
            ))}
          </select>
        </Field>
        <Field label={s.promoCode} hint={s.promoCodeHint} error={e("promo_code")}>
          <input
            name="promo_code"
            value={draft.promo_code}
            onChange={(ev) => set("promo_code", ev.target.value.toUpperCase())}
            autoCapitalize="characters"
          />
        </Field>
      </div>
      <div className={styles.row}>
        <Field label={s.usesCount} hint={s.usesCountHint} error={e("uses_count")}>
          <input
            name="uses_count"
            inputMode="numeric"
            value={draft.uses_count}
            onChange={(ev) => set("uses_count", ev.target.value)}
          />
        </Field>
        <Field label={s.validDays} hint={s.validDaysHint} error={e("valid_days")}>
          <input
            name="valid_days"
            inputMode="numeric"
            value={draft.valid_days}
            onChange={(ev) => set("valid_days", ev.target.value)}
          />
        </Field>
      </div>
      <ValidityFields draft={draft} set={set} error={e} />
      <Field label={s.countries} hint={s.countriesHint} error={e("country_codes")}>
        <input
          name="country_codes"
          value={draft.country_codes}
          onChange={(ev) => set("country_codes", ev.target.value)}
        />
      </Field>
      <Field label={s.terms} hint={s.termsHint} error={e("terms")}>
        <textarea
          name="terms"
          rows={8}
          className={styles.code}
          value={draft.terms}
          onChange={(ev) => set("terms", ev.target.value)}
        />
      </Field>
      <button
        type="button"
        className="bo-secondary"
        onClick={() => set("terms", JSON.stringify(TERMS_TEMPLATES[draft.kind], null, 2))}
      >
        {s.template}
      </button>
      <Field label={s.banners} hint={s.bannersHint} error={e("banners")}>
        <textarea
          name="banners"
          rows={4}
          className={styles.code}
          value={draft.banners}
          onChange={(ev) => set("banners", ev.target.value)}
        />
      </Field>
    </PromotionForm>
  );
}
