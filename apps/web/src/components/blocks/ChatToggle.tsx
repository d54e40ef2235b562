"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import styles from "./ChatToggle.module.css";

/** chat-toggle: opens and closes the site's chat (SPEC §3 site config chat) in a frame. */
export function ChatToggle({ url }: { url: string }) {
  const t = useTranslations("blocks");
  const [open, setOpen] = useState(false);
  const panel = useId();
  // A press before the handler is attached would be lost, or replayed after a later one.
  const hydrated = useHydrated();
  return (
    <div>
      <button
        type="button"
        className="btn"
        data-action="chat"
        aria-expanded={open}
        aria-controls={panel}
        disabled={!hydrated}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t("chat-close") : t("chat")}
      </button>
      <div id={panel} hidden={!open}>
        {open ? <iframe className={styles.frame} src={url} title={t("chat")} /> : null}
      </div>
    </div>
  );
}
