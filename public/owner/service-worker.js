/*
 * The lead desk's service worker, registered by every desk page once it has started, with the
 * scope /owner (the server allows that scope with a Service-Worker-Allowed header; the public site
 * registers none). It shows the pushes the server sends (`app/alerts/`) and opens the lead when one
 * is tapped.
 *
 * It also keeps an offline copy of the last lead list and of the leads opened on this phone, so the
 * desk opened from an alert with no signal shows them, marked with the time they were current:
 * - a copy is only ever of a page the server answered for a signed-in owner, and photos are not kept;
 * - offline, the copy has no scripts and posts nothing: a form sent offline gets a page saying that
 *   nothing was saved, and the sign-in page says it needs a connection;
 * - the copies are emptied when the owner signs out, when the server answers that the session has
 *   ended (a desk page forwarded to the sign-in page: "Sign out everywhere" reaches a lost phone the
 *   next time it is online), and after 24 hours.
 * A static file rather than a route, so the route table every public page loads does not grow by a byte.
 */

const OFFLINE_CACHE = "desk-offline-v1";
const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
const MAX_LEADS_KEPT = 30;
const SAVED_AT = "X-Desk-Saved-At";
const LIST_PATH = "/owner";
const SIGN_IN_PATH = "/owner/sign-in";
const LEAD_PAGE = /^\/owner\/leads\/[\w-]{1,64}$/;
// The offline copy runs no script and loads nothing from elsewhere; its own style is inline.
const OFFLINE_POLICY = [
  "default-src 'none'",
  "script-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src 'self' data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim().then(() => forgetExpired()));
});

/** The cache key of a desk page kept offline: the list whatever its filters, or one lead. */
function keptPath(url) {
  if (url.origin !== self.location.origin) return undefined;
  const path = url.pathname.replace(/\/+$/, "") || "/";
  if (path === LIST_PATH || LEAD_PAGE.test(path)) return path;
  return undefined;
}

function forgetAll() {
  return caches.delete(OFFLINE_CACHE);
}

async function forgetExpired(now = Date.now()) {
  const cache = await caches.open(OFFLINE_CACHE);
  const requests = await cache.keys();
  const leads = [];
  for (const request of requests) {
    const response = await cache.match(request);
    const savedAt = Date.parse(response?.headers.get(SAVED_AT) ?? "");
    if (!(now - savedAt < KEPT_FOR_MS)) await cache.delete(request);
    else if (LEAD_PAGE.test(new URL(request.url).pathname)) leads.push({ request, savedAt });
  }
  leads.sort((a, b) => b.savedAt - a.savedAt);
  for (const { request } of leads.slice(MAX_LEADS_KEPT)) await cache.delete(request);
}

/** True when the server's answer says there is no session: a desk page sent on to the sign-in page. */
function sessionEnded(request, response) {
  const finalUrl = new URL(response.url || request.url);
  if (finalUrl.pathname !== SIGN_IN_PATH || finalUrl.searchParams.has("again")) return false;
  // Signed in, the sign-in page forwards to the list; shown as itself, nobody is signed in.
  return response.redirected || (response.ok && new URL(request.url).pathname === SIGN_IN_PATH);
}

/** Keeps the answer to a desk page when it is one worth opening offline. */
async function keep(request, response) {
  const path = keptPath(new URL(request.url));
  if (!path || !response.ok || response.redirected) return;
  if (!(response.headers.get("Content-Type") ?? "").startsWith("text/html")) return;
  const html = await response.text();
  const cache = await caches.open(OFFLINE_CACHE);
  await cache.put(
    new URL(path, self.location.origin).href,
    new Response(html, {
      headers: { "Content-Type": "text/html; charset=utf-8", [SAVED_AT]: new Date().toISOString() },
    }),
  );
  await forgetExpired();
}

function escapeHtml(text) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function clockTime(date) {
  return date.toLocaleTimeString("en-US", { hour: "numeric", minute: "2-digit" });
}

function offlineResponse(html) {
  return new Response(html, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      "Content-Security-Policy": OFFLINE_POLICY,
    },
  });
}

const NO_ICON = '<link rel="icon" href="data:,">';
const BANNER_CLASS = "my-3 rounded-lg border border-sea-600 bg-sea-50 p-3 font-semibold text-navy-900";

/**
 * A kept page as shown offline: its scripts and photos left out (nothing runs, nothing is fetched),
 * and the line saying how old it is at the top of the page's content.
 */
function offlineCopy(html, savedAt) {
  const line = `<p role="status" data-offline="" class="${BANNER_CLASS}">Offline: as of ${escapeHtml(clockTime(savedAt))}</p>`;
  return (
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      // Icons, the manifest and preloads: offline, each would only be a failed request. The empty
      // icon keeps the browser from asking for /favicon.ico instead.
      .replace(/<link\b[^>]*>/gi, "")
      .replace(/(<head\b[^>]*>)/i, `$1${NO_ICON}`)
      .replace(/<img\b[^>]*\bsrc="\/owner\/leads\/[^"]*"[^>]*>/gi, "")
      .replace(/(<main\b[^>]*>)/i, `$1${line}`)
  );
}

/**
 * A page with a sentence instead of the kept content, in the frame of a kept page when there is
 * one (its inline style), or plain.
 */
function offlineMessage(frame, title, sentence) {
  const body = `<h1 class="text-2xl font-bold text-navy-900">${escapeHtml(title)}</h1><p data-offline="" class="mt-3">${escapeHtml(sentence)}</p><p class="mt-3"><a class="font-semibold text-navy-900 underline" href="${LIST_PATH}">Back to the leads</a></p>`;
  if (frame) {
    const page = offlineCopy(frame.html, frame.savedAt)
      .replace(/<title>[\s\S]*?<\/title>/i, `<title>${escapeHtml(title)}</title>`)
      .replace(/(<main\b[^>]*>)[\s\S]*<\/main>/i, `$1${body}</main>`)
      // The desk's sections and sign-out need the server; offline the frame shows only its name.
      .replace(/<nav aria-label="Desk"[\s\S]*?<\/nav>/i, "")
      .replace(/<form\b[^>]*action="\/owner\/sign-out"[\s\S]*?<\/form>/i, "");
    return offlineResponse(page);
  }
  return offlineResponse(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${NO_ICON}<title>${escapeHtml(title)}</title><style>body{font:1.125rem/1.5 system-ui,sans-serif;margin:2rem auto;max-width:36rem;padding:0 1rem;color:#0f172a}a{color:#0b2c47}</style></head><body><main id="main">${body}</main></body></html>`,
  );
}

async function kept(path) {
  const cache = await caches.open(OFFLINE_CACHE);
  const response = await cache.match(new URL(path, self.location.origin).href);
  if (!response) return undefined;
  const savedAt = new Date(response.headers.get(SAVED_AT) ?? "");
  if (!(Date.now() - savedAt.getTime() < KEPT_FOR_MS)) {
    await forgetExpired();
    return undefined;
  }
  return { html: await response.text(), savedAt };
}

async function offlineAnswer(request) {
  const url = new URL(request.url);
  const list = await kept(LIST_PATH);
  if (request.method !== "GET")
    return offlineMessage(list, "Not saved", "You are offline, so nothing was saved. Try again once you have signal.");
  if (url.pathname === SIGN_IN_PATH)
    return offlineMessage(undefined, "Offline", "Signing in needs a connection. Try again once you have signal.");
  const path = keptPath(url);
  const page = path ? await kept(path) : undefined;
  if (page) return offlineResponse(offlineCopy(page.html, page.savedAt));
  return offlineMessage(
    list,
    "Offline",
    path && path !== LIST_PATH
      ? "This lead was not opened on this phone before, so there is no copy of it. It shows once you have signal."
      : "The desk needs a connection to show this page.",
  );
}

async function answer(request) {
  let response;
  try {
    response = await fetch(request);
  } catch {
    return offlineAnswer(request);
  }
  if (sessionEnded(request, response)) await forgetAll();
  else if (request.method === "GET") await keep(request, response.clone());
  return response;
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(LIST_PATH)) return;
  if (request.mode === "navigate") {
    // Signing out empties the copies before the server is even asked: the phone may be offline.
    if (request.method === "POST" && url.pathname === "/owner/sign-out") event.waitUntil(forgetAll());
    event.respondWith(answer(request));
    return;
  }
  // The sign-in page's data, read when the desk's script moves there after a session ended.
  if (request.method === "GET" && url.pathname === `${SIGN_IN_PATH}.data`)
    event.respondWith(
      fetch(request).then(async (response) => {
        if (response.status === 200 && !url.searchParams.has("again")) await forgetAll();
        return response;
      }),
    );
});

/** A desk page that changed place in the browser asks for the page it now shows to be kept. */
self.addEventListener("message", (event) => {
  const data = event.data;
  if (!data || typeof data !== "object") return;
  if (data.type === "forget") {
    event.waitUntil(forgetAll());
    return;
  }
  if (data.type !== "keep" || typeof data.path !== "string") return;
  const url = new URL(data.path, self.location.origin);
  if (!keptPath(url)) return;
  event.waitUntil(
    fetch(url.href, { credentials: "same-origin", headers: { Accept: "text/html" } })
      .then((response) => {
        const request = new Request(url.href);
        return sessionEnded(request, response) ? forgetAll() : keep(request, response);
      })
      .catch(() => undefined),
  );
});

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
