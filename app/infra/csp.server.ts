/**
 * The Content-Security-Policy every answer carries. Scripts are allowed by the hashes of a page's
 * own inline scripts (pages rendered ahead of a request: the build's and the live layer's) or by a
 * nonce made for one response (everything rendered per request); never by 'unsafe-inline'.
 *
 * Used directly by server.ts (bundled into build/server.js) and by the live layer, so it imports
 * nothing from the app.
 */
export function contentSecurityPolicy(options: {
  chatOrigin: string;
  scriptSources?: string;
  /** In development Vite's client reloads the page over a WebSocket to this same server. */
  development?: boolean;
}): string {
  const { chatOrigin, scriptSources = "", development = false } = options;
  return [
    "default-src 'self'",
    `script-src 'self'${scriptSources ? ` ${scriptSources}` : ""}`,
    // Tailwind's stylesheet is inlined into each page for a faster first paint.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    // The site's own pages only where they allow it (the desk's wide preview of a draft; every other
    // answer refuses to be framed), and the chat's.
    `frame-src 'self'${chatOrigin ? ` ${chatOrigin}` : ""}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ].join("; ");
}

/** The script sources for a page's inline-script hashes, as the policy names them. */
export function hashSources(hashes: readonly string[]): string {
  return hashes.map((hash) => `'${hash}'`).join(" ");
}
