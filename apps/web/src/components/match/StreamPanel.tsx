import { getTranslations } from "next-intl/server";
import type { z } from "zod";
import type { streamsResponseSchema } from "../../lib/catalog-schemas";
import styles from "./MatchPage.module.css";
import { VideoLink } from "./VideoLink";

type Stream = z.infer<typeof streamsResponseSchema>["data"][number];

/** A link the page may frame: a secure one, or one of this site's own pages (the sandbox broadcast). */
function isPlayable(link: string): boolean {
  return link.startsWith("https://") || /^\/(?!\/)/.test(link);
}

/**
 * The stream tab: the first playable stream link shown in a frame, every link listed by provider and
 * language, and the signed-in players' video (GET /matches/{id}/video) when the match has one.
 */
export async function StreamPanel({
  matchId,
  streams,
  hasVideo,
  locale,
}: {
  matchId: string;
  streams: readonly Stream[];
  hasVideo: boolean;
  locale: string;
}) {
  const t = await getTranslations({ locale, namespace: "match" });
  const playable = streams.find((s) => isPlayable(s.link));
  return (
    <section className={styles.stream} aria-label={t("stream")}>
      {playable ? (
        <iframe
          src={playable.link}
          title={t("stream-of", { provider: playable.provider })}
          sandbox="allow-scripts allow-same-origin allow-presentation"
          allow="autoplay; fullscreen"
          loading="lazy"
        />
      ) : null}
      {streams.length > 0 ? (
        <ul>
          {streams.map((s) => (
            <li key={s.link}>
              <a href={s.link} target="_blank" rel="noreferrer" data-stream={s.provider}>
                {s.provider}
                {s.language_code ? ` (${s.language_code})` : ""}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {hasVideo ? <VideoLink matchId={matchId} /> : null}
    </section>
  );
}
