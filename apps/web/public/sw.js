// The sportsbook's service worker: shows the Web Push messages the server sends for a player's
// notifications (a settled bet, a cash-out, a new bonus) and opens the page they are about on a click.
// It caches nothing and handles no fetch, so the pages load exactly as without it.
self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let message = { title: "Sportsbook", body: "", tag: undefined, url: "/" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // Not JSON (or no payload): a plain text body still says something.
    if (event.data) message.body = event.data.text();
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: "/favicon.svg",
      data: { url: message.url, type: message.type },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  // only paths of this site: the payload names a path, never another origin
  const path = typeof event.notification.data?.url === "string" ? event.notification.data.url : "/";
  const target = new URL(path.startsWith("/") && !path.startsWith("//") ? path : "/", self.location.origin);
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((w) => new URL(w.url).origin === target.origin && "focus" in w);
      if (open) return open.navigate(target.href).then((w) => (w ?? open).focus());
      return self.clients.openWindow(target.href);
    }),
  );
});
