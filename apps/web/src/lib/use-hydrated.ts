import { useSyncExternalStore } from "react";

const never = () => () => {};

/**
 * False in the server's markup and while React hydrates it, true once the page's handlers are
 * attached. A form's submit button rendered disabled until then cannot take a press that no handler
 * would catch: the browser would submit the form itself, reload the page and lose what was typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
