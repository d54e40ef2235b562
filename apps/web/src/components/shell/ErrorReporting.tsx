"use client";
import { useEffect } from "react";
import { startErrorReporting } from "../../lib/error-reporter";
import { useClientConfig } from "./ClientConfig";

/**
 * Starts the page's error reporter (SPEC §8) once it is interactive; `data-error-reporting` on the
 * document says where errors go: `server` always, `dsn` once the DSN's client has loaded as well.
 */
export function ErrorReporting() {
  const { errorReporting } = useClientConfig();
  const dsn = errorReporting?.dsn;
  const environment = errorReporting?.environment;
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.errorReporting = "server";
    const stop = startErrorReporting({
      dsn,
      environment,
      onReady: () => {
        root.dataset.errorReporting = "dsn";
      },
    });
    return () => {
      stop();
      delete root.dataset.errorReporting;
    };
  }, [dsn, environment]);
  return null;
}
