"use client";

import { useSearchParams } from "next/navigation";
import { type FormEvent, useState } from "react";
import { boFetch } from "./api";
import { Problem } from "./Problem";
import { type Me, useStaffSession } from "./session";
import { t } from "./strings";
import { useLoad } from "./use-load";

/** An invitation link: the TOTP secret to enrol, then a password and the first code. */
export function InvitationPage() {
  const token = useSearchParams().get("token");
  const { session, signedIn } = useStaffSession();
  const { data, error } = useLoad<{ data: { email: string; role: string; otpauth_uri: string } }>(
    token ? `/invitations/${encodeURIComponent(token)}` : null,
  );
  const [problem, setProblem] = useState<string>();
  if (session.state === "signed-in") {
    return (
      <main className="bo-signin">
        <p>
          {t.home.signedInAs} {session.me.staff.email}. <a href="/backoffice">{t.nav.home}</a>
        </p>
      </main>
    );
  }
  const accept = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    try {
      const answer = await boFetch<{ data: Me }>("/invitations/accept", {
        method: "POST",
        body: { token, password: form.get("password"), code: form.get("code") },
      });
      signedIn(answer.data);
      window.history.replaceState(null, "", "/backoffice");
    } catch (e) {
      setProblem(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <main className="bo-signin">
      <h1>{t.invitation.title}</h1>
      {!token && (
        <p role="alert" className="bo-error">
          {t.invitation.missing}
        </p>
      )}
      <Problem>{error}</Problem>
      {data && (
        <form onSubmit={accept} className="bo-form">
          <p>
            {data.data.email} · {t.roles[data.data.role]}
          </p>
          <p>{t.invitation.intro}</p>
          <label>
            {t.invitation.secret}
            <input readOnly value={data.data.otpauth_uri} />
          </label>
          <label>
            {t.invitation.password}
            <input name="password" type="password" autoComplete="new-password" required minLength={8} />
            <small>{t.invitation.passwordHint}</small>
          </label>
          <label>
            {t.signIn.code}
            <input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="\d{6}"
              maxLength={6}
              required
            />
          </label>
          <Problem>{problem}</Problem>
          <button type="submit">{t.invitation.submit}</button>
        </form>
      )}
    </main>
  );
}
