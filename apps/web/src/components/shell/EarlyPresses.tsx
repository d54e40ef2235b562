"use client";
import { useEffect } from "react";
import { EarlyScript } from "./EarlyScript";

/** Where the early script keeps the prices pressed before the page's code ran, in order. */
const QUEUE = "__sbEarlyPresses";

declare global {
  interface Window {
    [QUEUE]?: HTMLButtonElement[];
  }
}

/**
 * Until the page is hydrated a price is a button without a handler: on a phone still fetching the
 * page's code, a tap on it was lost. This script, run as the body is parsed, takes such taps
 * instead: each price pressed is marked (the price shows it is taken) and kept, once, in order. It
 * listens on the document in the capture phase before React does, so no press is handled twice.
 */
const CAPTURE = `(()=>{const q=[];self.${QUEUE}=q;document.addEventListener("click",e=>{if(self.${QUEUE}!==q)return;const b=e.target instanceof Element&&e.target.closest("button[data-outcome]");if(!b||b.disabled)return;e.preventDefault();e.stopImmediatePropagation();if(!q.includes(b)){q.push(b);b.setAttribute("data-early-press","")}},true)})()`;

/**
 * Takes presses on prices before hydration and, once the page is hydrated, stops taking them and
 * presses each again, now with its handler: the first tap on a slow phone adds its price like any
 * later one. A price that became locked meanwhile is not pressed.
 */
export function EarlyPresses({ nonce }: { nonce?: string | undefined }) {
  useEffect(() => {
    const pressed = window[QUEUE] ?? [];
    delete window[QUEUE];
    for (const button of pressed) {
      button.removeAttribute("data-early-press");
      if (button.isConnected && !button.disabled)
        button.dispatchEvent(
          new MouseEvent("click", { bubbles: true, cancelable: true, detail: 1, view: window }),
        );
    }
  }, []);
  return <EarlyScript code={CAPTURE} nonce={nonce} />;
}
