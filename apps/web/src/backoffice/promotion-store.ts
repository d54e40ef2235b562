import type { StoredPromotion } from "@sportsbook/contracts";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { BackofficeError, boFetch } from "./api";
import { type Built, errorsFor, type FieldErrors, fieldErrorsOf } from "./promotion-draft";
import { t } from "./strings";

export type PromotionType = "bonus" | "jackpot";
const PATH: Record<PromotionType, string> = { bonus: "bonuses", jackpot: "jackpots" };

/** What the drafts say of a field that is not JSON or not a number. */
export const draftMessages = { notJson: t.promotions.notJson, notNumber: t.promotions.notNumber };

/** Loads the stored definition of `key` (none for a new one). */
export function useStored(type: PromotionType, key: string | undefined) {
  const [stored, setStored] = useState<StoredPromotion>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (!key) return;
    boFetch<{ data: StoredPromotion }>(`/promotions/${PATH[type]}/${key}`).then(
      (r) => setStored(r.data),
      (e: unknown) => setError(e instanceof Error ? e.message : String(e)),
    );
  }, [type, key]);
  return { stored, error };
}

/** Sends a built definition; answers the field errors of a refusal (or none when saved). */
export async function send(type: PromotionType, key: string | undefined, newKey: string, built: Built) {
  if (!built.ok) return { errors: built.errors, summary: undefined };
  try {
    if (key) await boFetch(`/promotions/${PATH[type]}/${key}`, { method: "PUT", body: built.definition });
    else
      await boFetch(`/promotions/${PATH[type]}`, {
        method: "POST",
        body: { key: newKey, definition: built.definition },
      });
    return undefined;
  } catch (e) {
    if (e instanceof BackofficeError) return { errors: fieldErrorsOf(e.details), summary: e.message };
    return { errors: {}, summary: String(e) };
  }
}

/**
 * A promotion form's draft: loaded from the stored definition when editing, its field errors and
 * summary after a refused save, and the save itself (back to the list once saved).
 */
export function usePromotionDraft<D>(
  type: PromotionType,
  editing: string | undefined,
  empty: () => D,
  draftOf: (definition: Record<string, unknown>) => D,
  definitionOf: (draft: D, messages: typeof draftMessages) => Built,
) {
  const router = useRouter();
  const { stored, error } = useStored(type, editing);
  const [draft, setDraft] = useState<D>(empty);
  const [newKey, setNewKey] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [summary, setSummary] = useState<string>();
  useEffect(() => {
    if (stored) setDraft(draftOf(stored.definition));
  }, [stored, draftOf]);
  const set = <K extends keyof D>(k: K, v: D[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const save = async () => {
    const refused = await send(type, editing, newKey, definitionOf(draft, draftMessages));
    if (!refused) return router.push("/backoffice/promotions");
    setErrors(refused.errors);
    setSummary(refused.summary);
  };
  const fieldErrors = (field: string) => errorsFor(errors, field);
  return { error, draft, setDraft, set, newKey, setNewKey, errors, summary, save, fieldErrors };
}
