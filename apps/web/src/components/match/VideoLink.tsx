"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { apiFetch } from "../../lib/client-api";
import { useOpenAuthForm } from "../auth/AuthModalHost";

const videoSchema = z.object({ data: z.object({ link: z.string().url() }) });

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
        const res = await apiFetch(`/matches/${encodeURIComponent(matchId)}/video`).catch(() => null);
        if (res?.status === 401) return openAuth("sign_in");
        const parsed = videoSchema.safeParse(await res?.json().catch(() => null));
        if (parsed.success) {
          setLink(parsed.data.data.link);
          window.open(parsed.data.data.link, "_blank", "noopener");
        }
      }}
    >
      {t("video")}
    </button>
  );
}
