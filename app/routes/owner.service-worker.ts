/**
 * /owner/service-worker.js: the desk's service worker (`alerts/service-worker.js`), served from
 * under /owner so its scope can be no wider than the desk. A plain script from this origin: the
 * Content-Security-Policy's script-src 'self' covers it, with no inline code.
 */
import source from "~/alerts/service-worker.js?raw";

export function loader() {
  return new Response(source, {
    // Like every desk answer it is no-store, so a browser always finds the newest worker.
    headers: { "Content-Type": "text/javascript; charset=utf-8" },
  });
}
