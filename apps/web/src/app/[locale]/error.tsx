"use client";
import { useEffect } from "react";
import { AreaFailure } from "../../components/shell/AreaBoundary";
import { reportError } from "../../lib/error-reporter";

/** A page that failed while rendering in the browser: logged, said, and retried on request. */
export default function PageError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  useEffect(() => {
    reportError(error, "render", {
      during: error.digest ? `showing the page (server digest ${error.digest})` : "showing the page",
    });
  }, [error]);
  return <AreaFailure area="page" retry={reset} heading />;
}
