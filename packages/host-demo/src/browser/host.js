// The casino's side of the sportsbook's frame, through the sportsbook's host SDK (loaded before this
// script from the sportsbook, `window.SportsbookHost`): it checks origins and messages, keeps the
// frame as tall as the sportsbook's page, and tells the frame which part of it the window shows.
// This page shows the player's balance in the casino's header and takes sign-in, sign-up and
// deposit over from the frame.
(() => {
  const frame = document.getElementById("sportsbook");
  const balance = document.querySelector("[data-host-balance]");
  const language = document.querySelector("[data-host-language]");
  if (!frame) return;
  if (!window.SportsbookHost) {
    frame.insertAdjacentHTML(
      "beforebegin",
      `<p class="notice" role="alert">The sportsbook's SDK did not load.</p>`,
    );
    return;
  }
  const here = () => `${location.pathname}${location.search}`;
  const sportsbook = window.SportsbookHost.mount({ frame, src: frame.src, minHeight: 320 });

  const money = (minor, currency) => {
    // The sportsbook reports minor units; the currency's own decimals place the point.
    let digits = 2;
    try {
      digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      // not an ISO 4217 code (a crypto currency): two decimals
    }
    return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
  };

  sportsbook.on("initialized", ({ locale }) => {
    if (language) language.value = locale;
  });
  sportsbook.on("balance-changed", (payload) => {
    if (!balance) return;
    balance.textContent = money(payload.balance, payload.currency);
    balance.dataset.minor = String(payload.balance);
  });
  sportsbook.on("sign-in", () => location.assign(`/sign-in?return=${encodeURIComponent(here())}`));
  sportsbook.on("sign-up", () =>
    location.assign(`/sign-in?mode=sign-up&return=${encodeURIComponent(here())}`),
  );
  sportsbook.on("deposit", () =>
    location.assign(`/profile/wallet/deposit?redirect=${encodeURIComponent(here())}`),
  );
  // The casino signs its players in: a session that ended in the frame is handed over anew (the
  // page asks the sportsbook for a fresh token), or, for a visitor, the casino's sign-in opens.
  sportsbook.on("session-ended", () => {
    if (balance) location.reload();
    else location.assign(`/sign-in?return=${encodeURIComponent(here())}`);
  });
  sportsbook.on("notify-modal-triggered", () => frame.scrollIntoView({ block: "start" }));
  sportsbook.on("page-loaded", ({ path }) => {
    // the casino's address names the sportsbook page, so a reload or a shared link lands there
    history.replaceState(null, "", path === "/" ? "/" : `/?path=${encodeURIComponent(path)}`);
  });
  language?.addEventListener("change", () => sportsbook.changeLocale(language.value));
})();
