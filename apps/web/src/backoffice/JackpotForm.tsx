"use client";

import { Problem } from "./Problem";
import { Field, StatusSelect, ValidityFields } from "./PromotionFields";
import { PromotionForm } from "./PromotionForm";
import styles from "./PromotionForm.module.css";
import { PromotionPreview } from "./PromotionPreview";
import { PromotionTexts } from "./PromotionTexts";
import { emptyJackpotDraft, jackpotDefinitionOf, jackpotDraftOf } from "./promotion-draft";
import { usePromotionDraft } from "./promotion-store";
import { t } from "./strings";

const s = t.promotions;

/** Creates (no `editing` key) or edits a jackpot; every field of its definition. */
export function JackpotForm({ editing }: { editing?: string }) {
  const {
    error,
    draft,
    set,
    newKey,
    setNewKey,
    errors,
    summary,
    save,
    fieldErrors: e,
  } = usePromotionDraft("jackpot", editing, emptyJackpotDraft, jackpotDraftOf, jackpotDefinitionOf);
  const numberField = (field: "contribution_bp" | "min_stake" | "min_odds", label: string, hint?: string) => (
    <Field label={label} error={e(field)} {...(hint ? { hint } : {})}>
      <input
        name={field}
        inputMode="numeric"
        value={draft[field]}
        onChange={(ev) => set(field, ev.target.value)}
      />
    </Field>
  );
  if (error) return <Problem>{error}</Problem>;
  return (
    <PromotionForm
      type="jackpot"
      editing={editing}
      newKey={newKey}
      setNewKey={setNewKey}
      errors={errors}
      summary={summary}
      onSubmit={() => void save()}
      preview={
        <PromotionPreview
          kind="jackpot"
          name={draft.name}
          description={{}}
          validFrom={draft.valid_from}
          validTo={draft.valid_to}
        />
      }
    >
      <div className={styles.row}>
        <Field label={s.status} error={e("status")}>
          <StatusSelect value={draft.status} set={(v) => set("status", v)} />
        </Field>
        <Field label={s.currency} error={e("currency")}>
          <input name="currency" value={draft.currency} onChange={(ev) => set("currency", ev.target.value)} />
        </Field>
      </div>
      <PromotionTexts
        fields={["name"]}
        texts={{ name: draft.name }}
        set={(_f, locale, value) => set("name", { ...draft.name, [locale]: value })}
        errors={errors}
      />
      <div className={styles.row}>
        {numberField("contribution_bp", s.contribution)}
        {numberField("min_stake", s.minStake)}
        {numberField("min_odds", s.minOdds, s.minOddsHint)}
      </div>
      <ValidityFields draft={draft} set={set} error={e} />
      <Field label={s.levels} hint={s.levelsHint} error={e("levels")}>
        <textarea
          name="levels"
          rows={8}
          className={styles.code}
          value={draft.levels}
          onChange={(ev) => set("levels", ev.target.value)}
        />
      </Field>
    </PromotionForm>
  );
}
