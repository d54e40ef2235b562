"use client";

import { type FormEvent, useState } from "react";
import { boFetch } from "./api";
import { Problem } from "./Problem";
import type { Me } from "./session";
import { useStaffSession } from "./session";
import { t } from "./strings";

/** E-mail, password and the authenticator's code, in one form: a wrong factor never says which. */
export function SignIn() {
  const { signedIn } = useStaffSession();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      const answer = await boFetch<{ data: Me }>("/session", {
        method: "POST",
        body: { email: form.get("email"), password: form.get("password"), code: form.get("code") },
      });
      signedIn(answer.data);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="bo-signin">
      <h1>{t.signIn.title}</h1>
      <form onSubmit={submit} className="bo-form">
        <label>
          {t.signIn.email}
          <input name="email" type="email" autoComplete="username" required />
        </label>
        <label>
          {t.signIn.password}
          <input name="password" type="password" autoComplete="current-password" required />
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
          <small>{t.signIn.codeHint}</small>
        </label>
        <Problem>{error}</Problem>
        <button type="submit" disabled={busy}>
          {t.signIn.submit}
        </button>
      </form>
    </main>
  );
}
