"use client";

import type { SiteContentDetail, SiteContentVersion } from "@sportsbook/contracts";
import { useEffect, useState } from "react";
import { boFetch } from "./api";
import { ContentCommonFields } from "./ContentCommonFields";
import styles from "./ContentPage.module.css";
import { ContentPreview } from "./ContentPreview";
import { ContentVersions } from "./ContentVersions";
import { readDraft } from "./content-document";
import { refusalOf } from "./content-refusal";
import { Problem } from "./Problem";
import { useStaffSession } from "./session";
import { t } from "./strings";
import { useLoad } from "./use-load";

interface VersionList {
  data: { current_id: number | null; versions: SiteContentVersion[] };
}

/**
 * The Content desk: the versions of the site settings, an editor (common fields and the whole
 * document as JSON, checked against the contracts' schema as it is typed), drafts, previews at
 * desktop and phone width, publication and rollback.
 */
export function ContentPage() {
  const { data, error, reload } = useLoad<VersionList>("/content/versions");
  const { may } = useStaffSession();
  const [baseId, setBaseId] = useState<number>();
  /** The version the editor holds a copy of, once its document has arrived. */
  const [loadedId, setLoadedId] = useState<number>();
  const [draft, setDraft] = useState(readDraft("{}"));
  const [note, setNote] = useState("");
  const [savedId, setSavedId] = useState<number>();
  /** Whether the saved version is still a draft (only a draft can be published). */
  const [isDraft, setIsDraft] = useState(false);
  const [refusal, setRefusal] = useState<string[]>([]);
  const [done, setDone] = useState<string>();
  const versions = data?.data.versions ?? [];
  const currentId = data?.data.current_id ?? null;
  const editable = may("saveContentDraft");

  // The editor starts from the version the pages show.
  useEffect(() => {
    if (baseId === undefined && currentId !== null) setBaseId(currentId);
  }, [baseId, currentId]);
  useEffect(() => {
    if (baseId === undefined) return;
    setLoadedId(undefined);
    let live = true;
    boFetch<{ data: SiteContentDetail }>(`/content/versions/${baseId}`).then(
      ({ data: v }) => {
        if (!live) return;
        setDraft(readDraft(JSON.stringify(v.document, null, 2)));
        setSavedId(v.status === "draft" ? v.id : undefined);
        setIsDraft(v.status === "draft");
        setLoadedId(v.id);
      },
      (e: unknown) => live && setRefusal(refusalOf(e)),
    );
    return () => {
      live = false;
    };
  }, [baseId]);

  const edit = (text: string) => {
    setDraft(readDraft(text));
    setSavedId(undefined);
  };
  const act = (path: string, body: unknown, message: (v: SiteContentDetail) => string) => {
    setRefusal([]);
    setDone(undefined);
    boFetch<{ data: SiteContentDetail }>(path, { method: "POST", body }).then(
      ({ data: v }) => {
        if (v.id === savedId) setIsDraft(v.status === "draft");
        setDone(message(v));
        reload();
      },
      (e: unknown) => setRefusal(refusalOf(e)),
    );
  };
  const save = () => {
    setRefusal([]);
    setDone(undefined);
    boFetch<{ data: SiteContentDetail }>("/content/versions", {
      method: "POST",
      body: { document: draft.document ?? draft.text, note },
    }).then(
      ({ data: v }) => {
        setSavedId(v.id);
        setIsDraft(true);
        setLoadedId(v.id);
        setDone(`${t.content.saved} ${v.id}`);
        reload();
      },
      (e: unknown) => setRefusal(refusalOf(e)),
    );
  };

  return (
    <section>
      <h1>{t.content.title}</h1>
      <p>{t.content.intro}</p>
      <Problem>{error}</Problem>
      {done && <output className="bo-ok">{done}</output>}
      {refusal.length > 0 && (
        <div role="alert" className="bo-error">
          <ul aria-label={t.content.problems}>
            {refusal.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      )}
      <h2>{t.content.versions}</h2>
      <ContentVersions
        versions={versions}
        open={setBaseId}
        rollBack={(id) => act(`/content/versions/${id}/rollback`, {}, () => t.content.rolledBack)}
      />
      {editable && (
        <>
          <h2>{t.content.editor}</h2>
          <p>{loadedId === undefined ? t.content.loadingVersion : `${t.content.editing} ${loadedId}`}</p>
          <form className="bo-form" aria-label={t.content.editor} onSubmit={(e) => e.preventDefault()}>
            {draft.document && <ContentCommonFields document={draft.document} edit={edit} />}
            <label>
              {t.content.json}
              <textarea
                name="document"
                className={styles.json}
                rows={24}
                spellCheck={false}
                value={draft.text}
                onChange={(e) => edit(e.target.value)}
              />
            </label>
            {draft.problems.length > 0 ? (
              <ul className="bo-error" aria-label={t.content.problems} data-problems="editor">
                {draft.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            ) : (
              <p className="bo-ok">{t.content.valid}</p>
            )}
            <label>
              {t.content.note}
              <input name="note" value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
            </label>
            <div className="bo-actions">
              <button type="button" onClick={save}>
                {t.content.saveDraft}
              </button>
              {savedId !== undefined && isDraft && may("publishContent") && (
                <button
                  type="button"
                  onClick={() =>
                    act(
                      `/content/versions/${savedId}/publish`,
                      { note },
                      (v) => `${t.content.publishedNow} ${v.id}`,
                    )
                  }
                >
                  {t.content.publish} ({savedId})
                </button>
              )}
            </div>
          </form>
          {savedId !== undefined && may("previewContent") ? (
            <ContentPreview versionId={savedId} />
          ) : (
            <p>{t.content.noDraft}</p>
          )}
        </>
      )}
    </section>
  );
}
