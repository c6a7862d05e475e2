/**
 * The document: head, the page frame, toasts and the estimate dialog, and the error screens.
 * CSS is inlined (imported with ?inline) so the first paint waits for no stylesheet request.
 */
import { useEffect } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useMatches } from "react-router";
import type { Route } from "./+types/root";
import appCss from "./app.css?inline";
import { headScript } from "./components/layout/panel-state";
import { frameParts } from "./components/layout/frame-parts-loader";
import { SiteShell } from "./components/layout/site-shell";
import { useNonce } from "./ui/nonce";
import { EstimateDialogHost } from "./leads/estimate-dialog";
import { NotFoundPage } from "./components/sections/not-found-page";
import { DESK_MANIFEST, isDeskHandle } from "./owner/desk-handle";
import { FAVICON_HREF } from "./components/layout/favicon";
import { closedDaysSource } from "./closed-days/closed-days-source.server";
import { readLive } from "./live/snapshot.server";
import type { SiteLiveData } from "./components/layout/site-live-data";
import { noticeSource } from "./notices/notice-source.server";
import { liveFacts } from "./facts/facts-source.server";
import { publicFactsOf } from "./facts/public-facts";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: FAVICON_HREF, type: "image/svg+xml" },
  { rel: "icon", href: "/favicon-32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
  { rel: "alternate", type: "application/rss+xml", title: "Blog", href: "/blog/rss.xml" },
];

/**
 * What the owner published that every page shows. Read from the snapshot the page is rendered from
 * (`live/snapshot.server.ts`): the build prerenders with nothing published, and the live layer
 * renders the pages again when something is.
 */
export async function loader(): Promise<SiteLiveData> {
  await frameParts.ready();
  return {
    notice: readLive(noticeSource),
    closedToday: readLive(closedDaysSource).today,
    facts: publicFactsOf(liveFacts()),
  };
}

// The server inlines the stylesheet for a first paint that waits on no request. Hydration keeps the
// server's <style> as it is, so the browser bundle need not carry the CSS text a second time.
const inlineCss = import.meta.env.SSR ? appCss : "";
// The same for the script that restores the side panel's state before the first paint: it has run.
const panelScript = import.meta.env.SSR ? headScript : "";

const noscriptRedirectOf = (handle: unknown): string | undefined =>
  typeof handle === "object" &&
  handle !== null &&
  "noscriptRedirect" in handle &&
  typeof handle.noscriptRedirect === "string"
    ? handle.noscriptRedirect
    : undefined;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // A page that only forwards (/about-us) still forwards when scripts are off.
  const matches = useMatches();
  const noscriptRedirect = matches.map((m) => noscriptRedirectOf(m.handle)).find(Boolean);
  // The desk installs as a web app of its own, scoped to /owner. The public pages have no manifest:
  // a visitor has nothing to install, and a phone fetched it while the page was still painting.
  const desk = matches.some((m) => isDeskHandle(m.handle));
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0f3b5f" />
        {/* A browser hides a nonce from the page once it is parsed, so the browser's render, which has
            none, cannot match the server's: not a difference worth a warning. */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: panelScript }} />
        {noscriptRedirect ? (
          <noscript>
            <meta httpEquiv="refresh" content={`0; url=${noscriptRedirect}`} />
          </noscript>
        ) : null}
        <Meta />
        {desk ? <link rel="manifest" href={DESK_MANIFEST} /> : null}
        <Links />
        <style dangerouslySetInnerHTML={{ __html: inlineCss }} suppressHydrationWarning />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page as interactive: tests (and anyone debugging) can tell hydration has finished.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  const desk = useMatches().some((m) => isDeskHandle(m.handle));
  // The desk brings its own frame: the public header and estimate dialog have no place there.
  if (desk) return <Outlet />;
  return (
    <EstimateDialogHost renderDialog={(props) => <frameParts.Later pick={(m) => m.EstimateDialog} props={props} />}>
      <SiteShell>
        <Outlet />
      </SiteShell>
      <frameParts.Later pick={(m) => m.Toaster} props={{}} />
    </EstimateDialogHost>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  let status = 500;
  let message = "Something went wrong on our side.";
  let stack: string | undefined;
  if (isRouteErrorResponse(error)) {
    status = error.status;
    message = error.statusText || (typeof error.data === "string" ? error.data : message);
  } else if (error instanceof Error) {
    message = error.message;
    if (import.meta.env.DEV) stack = error.stack;
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16">
      <h1 className="text-3xl font-bold text-navy-900">Unexpected Application Error!</h1>
      <p className="mt-4 text-xl text-navy-800">
        <span className="font-semibold">{status}</span> {message}
      </p>
      {stack ? <pre className="mt-6 overflow-auto rounded bg-slate-100 p-4 text-sm">{stack}</pre> : null}
      <p className="mt-8">
        <a href="/" className="font-semibold text-sea-600 underline">
          Go back home
        </a>
      </p>
    </main>
  );
}
