"use client";

import type { BackofficeOperation, StaffView } from "@sportsbook/contracts";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";
import { reportFailure } from "../lib/error-reporter";
import { BackofficeError, boFetch, rememberCsrfToken } from "./api";

export interface Me {
  staff: StaffView;
  csrf_token: string;
  operations: string[];
}

type SessionState = { state: "loading" } | { state: "signed-out" } | { state: "signed-in"; me: Me };

interface SessionApi {
  session: SessionState;
  /** Takes the answer of a sign-in (or an accepted invitation) as the session. */
  signedIn(me: Me): void;
  signOut(): Promise<void>;
  may(operation: BackofficeOperation): boolean;
}

const SessionContext = createContext<SessionApi | null>(null);

/** The staff session of the back office, read once from `/me`. */
export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<SessionState>({ state: "loading" });
  const signedIn = useCallback((me: Me) => {
    rememberCsrfToken(me.csrf_token);
    setSession({ state: "signed-in", me });
  }, []);
  useEffect(() => {
    boFetch<{ data: Me }>("/me").then(
      (answer) => signedIn(answer.data),
      (error: unknown) => {
        if (!(error instanceof BackofficeError) || error.status !== 401)
          reportFailure("reading the staff session", error);
        setSession({ state: "signed-out" });
      },
    );
  }, [signedIn]);
  const signOut = useCallback(async () => {
    await boFetch("/session", { method: "DELETE" }).catch((error: unknown) =>
      reportFailure("signing the staff out", error),
    );
    rememberCsrfToken(undefined);
    setSession({ state: "signed-out" });
  }, []);
  const may = useCallback(
    (operation: BackofficeOperation) =>
      session.state === "signed-in" && session.me.operations.includes(operation),
    [session],
  );
  return (
    <SessionContext.Provider value={{ session, signedIn, signOut, may }}>{children}</SessionContext.Provider>
  );
}

export function useStaffSession(): SessionApi {
  const api = useContext(SessionContext);
  if (!api) throw new Error("useStaffSession outside StaffSessionProvider");
  return api;
}
