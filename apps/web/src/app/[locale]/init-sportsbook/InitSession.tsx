"use client";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { blockedCountry } from "../../../components/auth/auth-api";
import { apiFetch, jsonBody } from "../../../lib/client-api";

interface Props {
  to: string;
  token: string | undefined;
  home: string;
  /** The blocked-country page, where a handover refused for the visitor's country leads. */
  blocked: string;
  texts: { starting: string; failed: string; home: string };
}

/**
 * Trades the host's one-time token for a session, then opens the page the host asked for. The token
 * leaves the address bar first, so it is in no history entry or referrer. After a session change the
 * whole app loads again, as after any sign-in.
 */
export function InitSession({ to, token, home, blocked, texts }: Props) {
  const router = useRouter();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!token) {
      router.replace(to);
      return;
    }
    window.history.replaceState(null, "", window.location.pathname);
    apiFetch("/player/handover", { method: "POST", ...jsonBody({ token }) })
      .then(async (res) => {
        if (res.ok) return window.location.replace(to);
        const country = blockedCountry(await res.json().catch(() => null));
        if (country === undefined) setFailed(true);
        else window.location.replace(country ? `${blocked}?country=${country}` : blocked);
      })
      .catch((err: unknown) => {
        console.error("the session handover failed", err);
        setFailed(true);
      });
  }, [router, to, token, blocked]);
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
