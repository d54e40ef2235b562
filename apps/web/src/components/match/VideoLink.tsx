"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { apiFetch } from "../../lib/client-api";
import { useOpenAuthForm } from "../auth/AuthModalHost";

/** The link of GET /matches/{id}/video, if the answer carries an http(s) one. */
export function videoLinkOf(body: unknown): string | undefined {
  const link = (body as { data?: { link?: unknown } } | null)?.data?.link;
  return typeof link === "string" && /^https?:\/\//.test(link) ? link : undefined;
}

/** The video link (GET /matches/{id}/video) is for signed-in players; visitors are asked to sign in. */
export function VideoLink({ matchId }: { matchId: string }) {
  const t = useTranslations("match");
  const openAuth = useOpenAuthForm();
  const [link, setLink] = useState<string | null>(null);
  if (link)
    return (
      <a className="btn" href={link} target="_blank" rel="noreferrer">
        {t("video")}
      </a>
    );
  return (
    <button
      type="button"
      className="btn"
      onClick={async () => {
        // the network failing is no answer: the player is told no stream was found
        const res = await apiFetch(`/matches/${encodeURIComponent(matchId)}/video`).catch(() => null);
        if (res?.status === 401) return openAuth("sign_in");
        // no answer, or one that is not JSON, holds no link
        const found = videoLinkOf(await res?.json().catch(() => null));
        if (found) {
          setLink(found);
          window.open(found, "_blank", "noopener");
        }
      }}
    >
      {t("video")}
    </button>
  );
}
