import type { ReactNode } from "react";

/** A refusal or failure told to the staff member, read out by screen readers; nothing when there is none. */
export function Problem({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="bo-error">
      {children}
    </p>
  );
}
