/*
 * The lead desk's service worker, registered by /owner/account with the scope /owner/ (the public
 * site registers none; served from under /owner, its scope can be no wider). It shows the pushes
 * the server sends (`app/alerts/`) and opens the lead when one is tapped. It caches nothing and
 * handles no requests: the desk's pages are never stored. A static file rather than a route, so
 * the route table every public page loads does not grow by a byte.
 */

self.addEventListener("push", (event) => {
  let message = { title: "New lead", body: "", url: "/owner", tag: "lead" };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // Not the JSON the server sends: show the generic alert rather than nothing.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      data: { url: message.url },
      icon: "/icon-192.png",
      badge: "/icon-192.png",
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = typeof event.notification.data?.url === "string" ? event.notification.data.url : "/owner";
  // Only a desk address, whatever a push might say.
  const target = new URL(/^\/owner(?:[/?]|$)/.test(path) ? path : "/owner", self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const desk = windows.find((client) => new URL(client.url).pathname.startsWith("/owner"));
      if (!desk) return self.clients.openWindow(target);
      // navigate() works only in a window this worker controls; any other desk window gets a new one.
      return desk
        .focus()
        .then((focused) => focused.navigate(target))
        .catch(() => self.clients.openWindow(target));
    }),
  );
});
