// The host platform's side of the sportsbook's window messages (SPEC §7). It listens only to the
// sportsbook's origin, keeps the frame as tall as the sportsbook's page, shows the player's balance
// in the casino's header, and takes sign-in, sign-up and deposit over from the frame.
(() => {
  const frame = document.getElementById("sportsbook");
  const balance = document.querySelector("[data-host-balance]");
  const language = document.querySelector("[data-host-language]");
  if (!frame) return;
  const origin = frame.dataset.sportsbookOrigin;
  const send = (type, payload) => frame.contentWindow?.postMessage({ type, payload }, origin);
  const here = () => `${location.pathname}${location.search}`;

  const reportViewport = () => {
    const box = frame.getBoundingClientRect();
    send("viewport", {
      width: Math.round(innerWidth),
      height: Math.round(innerHeight),
      top: Math.max(0, Math.round(-box.top)),
    });
  };

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

  addEventListener("message", (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const { type, payload } = event.data ?? {};
    switch (type) {
      case "initialized":
        send("iframe_integration", { listeners: ["sign-in", "sign-up", "deposit"] });
        if (language) language.value = payload.locale;
        reportViewport();
        break;
      case "page-size-changed":
        frame.style.height = `${payload.height}px`;
        break;
      case "balance-changed":
        if (balance) {
          balance.textContent = money(payload.balance, payload.currency);
          balance.dataset.minor = String(payload.balance);
        }
        break;
      case "sign-in":
        location.assign(`/sign-in?return=${encodeURIComponent(here())}`);
        break;
      case "sign-up":
        location.assign(`/sign-in?mode=sign-up&return=${encodeURIComponent(here())}`);
        break;
      case "deposit":
        location.assign(`/profile/wallet/deposit?redirect=${encodeURIComponent(here())}`);
        break;
      case "notify-modal-triggered":
        frame.scrollIntoView({ block: "start" });
        reportViewport();
        break;
      case "page-loaded":
        // the casino's address names the sportsbook page, so a reload or a shared link lands there
        history.replaceState(
          null,
          "",
          payload.path === "/" ? "/" : `/?path=${encodeURIComponent(payload.path)}`,
        );
        break;
      default:
        break;
    }
  });
  language?.addEventListener("change", () => send("change_locale", { locale: language.value }));
  addEventListener("scroll", reportViewport, { passive: true });
  addEventListener("resize", reportViewport);
})();
