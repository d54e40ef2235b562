import { mountSportsbook } from "./sportsbook.js";

// The script-tag build's entry: an operator's page without a bundler reaches the SDK as
// `window.SportsbookHost.mount({...})`.
declare global {
  interface Window {
    SportsbookHost?: { mount: typeof mountSportsbook };
  }
}
window.SportsbookHost = { mount: mountSportsbook };
