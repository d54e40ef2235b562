"use client";
import { handoverResponseSchema } from "@sportsbook/contracts/identity";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { blockedCountry } from "../../../components/auth/auth-api";
import { apiFetch, jsonBody } from "../../../lib/client-api";
import { reportFailure } from "../../../lib/error-reporter";
import { dropFrameSession, keepFrameSession } from "../../../lib/frame-session";

interface Props {
  to: string;
  token: string | undefined;
  home: string;
  /** The blocked-country page, where a handover refused for the visitor's country leads. */
  blocked: string;
  texts: { starting: string; failed: string; home: string };
  /** The server's session cookies work in a frame of another site (`FRAME_COOKIES`, partitioned). */
  frameCookies: boolean;
}

/**
 * Trades the host's one-time token for a session, then opens the page the host asked for. The token
 * leaves the address bar first, so it is in no history entry or referrer. After a session change the
 * whole app loads again, as after any sign-in.
 */
export function InitSession({ to, token, home, blocked, texts, frameCookies }: Props) {
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!token) {
      router.replace(to);
      return;
    }
    window.history.replaceState(null, "", window.location.pathname);
    // Inside a frame whose cookies a browser would refuse (a host on another site, cookies not
    // partitioned), the frame keeps the session itself: cookies set there would be dropped, and the
    // player signed out on the next page.
    const keep = window.parent !== window && !frameCookies ? "header" : "cookie";
    // the session a former handover left is replaced by this one
    dropFrameSession();
    apiFetch("/player/handover", { method: "POST", ...jsonBody({ token, keep }) })
      .then(async (res) => {
        if (res.ok) {
          const answer = handoverResponseSchema.parse(await res.json());
          if (keep === "header" && answer.data.session_token) keepFrameSession(answer.data.session_token);
          return window.location.replace(to);
        }
        // an answer that is not JSON names no blocked country: the failure is shown
        const country = blockedCountry(await res.json().catch(() => null));
        if (country === undefined) setFailed(true);
        else window.location.replace(country ? `${blocked}?country=${country}` : blocked);
      })
      .catch((err: unknown) => {
        reportFailure("the session handover", err);
        setFailed(true);
      });
  }, [router, to, token, blocked, frameCookies]);
  if (!failed) return <p role="status">{texts.starting}</p>;
  return (
    <div role="alert" data-init-failed>
      <p>{texts.failed}</p>
      <a className="btn" href={home}>
        {texts.home}
      </a>
    </div>
  );
}
