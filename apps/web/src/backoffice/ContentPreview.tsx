"use client";

import { useState } from "react";
import { boFetch } from "./api";
import styles from "./ContentPage.module.css";
import { refusalOf } from "./content-refusal";
import { Problem } from "./Problem";
import { t } from "./strings";

const VIEWPORTS = { desktop: { width: 1366, height: 800 }, phone: { width: 390, height: 760 } } as const;
type Viewport = keyof typeof VIEWPORTS;

/** The real player page rendered with one version, in a frame as wide as a desktop or a phone. */
export function ContentPreview({ versionId }: { versionId: number }) {
  const [viewport, setViewport] = useState<Viewport>("desktop");
  const [path, setPath] = useState("/");
  const [src, setSrc] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const show = () => {
    setProblem(undefined);
    const page = path.startsWith("/") ? path : `/${path}`;
    boFetch<{ data: { token: string } }>(`/content/versions/${versionId}/preview`, { method: "POST" }).then(
      ({ data }) =>
        setSrc(`${page}${page.includes("?") ? "&" : "?"}sb_preview=${encodeURIComponent(data.token)}`),
      (e: unknown) => setProblem(refusalOf(e).join("; ")),
    );
  };
  const size = VIEWPORTS[viewport];
  return (
    <section aria-label={t.content.preview}>
      <h2>
        {t.content.previewOf} {versionId}
      </h2>
      <div className="bo-inline-form">
        <label>
          {t.content.previewPath}
          <input value={path} onChange={(e) => setPath(e.target.value)} name="preview_path" />
        </label>
        <fieldset className={styles.viewports}>
          {(Object.keys(VIEWPORTS) as Viewport[]).map((v) => (
            <label key={v} className="bo-check">
              <input type="radio" name="viewport" checked={viewport === v} onChange={() => setViewport(v)} />
              {v === "desktop" ? t.content.desktop : t.content.phone}
            </label>
          ))}
        </fieldset>
        <button type="button" onClick={show}>
          {t.content.showPreview}
        </button>
      </div>
      <Problem>{problem}</Problem>
      {src && (
        <div className={styles.framePreview}>
          <iframe
            key={`${src}-${viewport}`}
            title={`${t.content.previewOf} ${versionId}`}
            src={src}
            width={size.width}
            height={size.height}
            data-viewport={viewport}
          />
        </div>
      )}
    </section>
  );
}
