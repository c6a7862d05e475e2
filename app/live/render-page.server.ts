/**
 * Renders a public page through the server build, exactly as the build prerenders it: the page's
 * `.data` (what a browser fetches on a client-side navigation), then its HTML at the same
 * `http://localhost` origin, finished as prerendered pages are (see `infra/finish-page.server.ts`).
 * With nothing published the result is byte for byte the build's file.
 */
import { finishPage } from "~/infra/finish-page.server";

/** The server build's request handler, called in-process. */
export type RenderRequest = (request: Request) => Promise<Response>;

export interface RenderedFile {
  status: number;
  contentType: string;
  body: Buffer;
  /** For a page: the CSP hashes of its inline scripts. */
  scriptHashes?: readonly string[];
  /** For a redirect (an article's old address): where it sends the reader. */
  location?: string;
}

export interface RenderedPage {
  html: RenderedFile;
  data: RenderedFile;
}

/** Never the request's origin: canonical links and structured data come from SITE_URL. */
const RENDER_ORIGIN = "http://localhost";

/** The address of a page's data, as React Router's client asks for it. */
export function dataPath(pagePath: string): string {
  return pagePath === "/" ? "/_root.data" : `${pagePath}.data`;
}

const isRedirect = (status: number) => status >= 300 && status < 400;

async function fetchFile(render: RenderRequest, path: string): Promise<RenderedFile> {
  const response = await render(new Request(`${RENDER_ORIGIN}${path}`));
  const location = response.headers.get("location");
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "application/octet-stream",
    body: Buffer.from(await response.arrayBuffer()),
    ...(isRedirect(response.status) && location ? { location } : {}),
  };
}

export async function renderPage(render: RenderRequest, pagePath: string): Promise<RenderedPage> {
  const data = await fetchFile(render, dataPath(pagePath));
  // The prerenderer asks for the page with a trailing slash; the answer is the same either way.
  const raw = await fetchFile(render, pagePath === "/" ? "/" : `${pagePath}/`);
  // A page that moved is a redirect with no page to finish.
  if (isRedirect(raw.status)) return { data, html: raw };
  const finished = finishPage(raw.body.toString("utf8"), pagePath, "public");
  return {
    data,
    html: { ...raw, body: Buffer.from(finished.html), scriptHashes: finished.scriptHashes },
  };
}

/** A file a route makes (the sitemap): only its body. */
export async function renderResource(render: RenderRequest, path: string): Promise<RenderedFile> {
  return fetchFile(render, path);
}
