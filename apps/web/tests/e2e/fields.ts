import type { Locator } from "playwright-core";

/**
 * Puts `value` in an input without an input event: the field shows it, React's state has not taken
 * it in. That is what a submit sees when it arrives before React has committed the last keystroke,
 * as it did on a busy page right after a form appeared.
 */
export async function showUntaken(input: Locator, value: string): Promise<void> {
  await input.evaluate((el: HTMLInputElement, v) => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set?.call(el, v);
  }, value);
}
