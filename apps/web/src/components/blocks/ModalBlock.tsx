"use client";
import { useTranslations } from "next-intl";
import { useId, useRef } from "react";
import styles from "./ModalBlock.module.css";

/** modal: a button that opens the operator's message in a dialog (closed by its button or Escape). */
export function ModalBlock({ label, title, body }: { label: string; title: string; body: string }) {
  const t = useTranslations("blocks");
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <div className={styles.box}>
      <button
        type="button"
        className="btn"
        data-action="open-modal"
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      <dialog ref={dialog} className={styles.dialog} aria-labelledby={titleId}>
        <h2 id={titleId}>{title}</h2>
        <p>{body}</p>
        <form method="dialog">
          <button type="submit" className="btn">
            {t("close")}
          </button>
        </form>
      </dialog>
    </div>
  );
}
