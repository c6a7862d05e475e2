/**
 * Server rendering. Pages render whole (no streaming: nothing here is slow, and whole documents
 * are what the prerenderer and crawlers need). A nonce handed over by the Express server marks
 * our own inline scripts for the Content-Security-Policy; prerendered pages use hashes instead.
 * The desk's pages, rendered here per request, get the public pages' finishing touches on the way out
 * (infra/finish-page.server.ts): a phone on one bar of signal paints them before any script arrives.
 */
import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { NonceProvider } from "./components/ui/nonce";
import { finishPage } from "./infra/finish-page.server";
import { isDeskPath } from "./owner/paths";

// The Express entry (server.ts) reaches the app's server-side services through this module, so
// they load once, from the same bundle as the routes, in production and in development alike.
export * as services from "./server/services.server";

declare module "react-router" {
  interface AppLoadContext {
    cspNonce?: string;
    /** the visitor's address, for rate limits and the lead record (stored hashed) */
    clientIp?: string;
  }
}

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext?.cspNonce;

  return new Promise<Response>((resolve, reject) => {
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Whole documents: never move a large finished Suspense boundary (the home page's lazily
        // hydrated sections) to the end of the HTML behind a script that puts it in place.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (isDeskPath(new URL(request.url).pathname)) {
            const chunks: Buffer[] = [];
            body.on("data", (chunk: Buffer) => chunks.push(chunk));
            body.on("end", () => {
              const html = Buffer.concat(chunks).toString("utf8");
              resolve(new Response(finishDeskPage(html), { headers: responseHeaders, status: responseStatusCode }));
            });
            pipe(body);
            return;
          }
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          console.error(JSON.stringify({ level: "error", msg: "render failed", error: String(error) }));
        },
      },
    );
  });
}

/**
 * A desk page as the public pages are served: no modulepreload links, the scripts started after the
 * first paint. A page whose boot script has a shape the finisher does not know goes out as rendered
 * (slower, never broken); the build's budget test fails on that shape.
 */
function finishDeskPage(html: string): string {
  try {
    return finishPage(html, "desk page", "whole").html;
  } catch (error) {
    console.error(JSON.stringify({ level: "error", msg: "desk page not finished", error: String(error) }));
    return html;
  }
}
