"use client";
import { useTranslations } from "next-intl";
import { Component, type ErrorInfo, type ReactNode } from "react";
import { reportError } from "../../lib/error-reporter";
import styles from "./AreaBoundary.module.css";

interface Props {
  /** Which part of the page this is (header, main, bet slip …), for the log and the markup. */
  area: string;
  children: ReactNode;
}

/**
 * One area of the page that fails on its own: its error is logged with the area's name, the rest of
 * the page keeps working, and the area says so (SPEC §8 default error) with a way to try again.
 */
export class AreaBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    reportError(error, "render", {
      during: `showing the page area "${this.props.area}"`,
      ...(info.componentStack ? { response: info.componentStack } : {}),
    });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return <AreaFailure area={this.props.area} retry={() => this.setState({ error: null })} />;
  }
}

/** What a failed area shows instead of itself (also the page's own error boundary, `error.tsx`). */
export function AreaFailure({
  area,
  retry,
  heading,
}: {
  area: string;
  retry: () => void;
  heading?: boolean;
}) {
  const t = useTranslations("global-error.default");
  const tb = useTranslations("global-error");
  return (
    <div className={styles.failure} role="alert" data-area-failed={area}>
      {/* A failed page keeps its one main heading; a failed area inside a page does not add one. */}
      {heading ? <h1>{t("title")}</h1> : <strong>{t("title")}</strong>}
      <span>{t("description")}</span>
      <button type="button" className="btn" onClick={retry}>
        {tb("retry")}
      </button>
    </div>
  );
}
