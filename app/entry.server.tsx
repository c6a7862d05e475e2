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
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
} from "react-router";
import { NonceProvider } from "./ui/nonce";
import { finishPage } from "./infra/finish-page.server";
import { describeError, log } from "./infra/log.server";
import { loggablePath, withoutSecrets } from "./infra/request-log.server";
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

/** What the log keeps of an error about `request`: its path and message with any link's token taken out. */
function errorFields(error: unknown, request: Request) {
  const url = new URL(request.url);
  const address = `${url.pathname}${url.search}`;
  return { path: loggablePath(address), error: withoutSecrets(describeError(error), address) };
}

/**
 * A loader's or action's failure. React Router's own handler prints the whole error, whose
 * message can quote the address (a malformed escape in a link's token): the log gets the line our
 * request log writes instead, scrubbed the same way. A visitor who left before the answer is no error.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  // A refusal the router makes itself (no action for a post, say) carries its own error and status.
  const refusal = isRouteErrorResponse(error) && error.status < 500;
  const cause: unknown = isRouteErrorResponse(error) && "error" in error ? error.error : error;
  log(refusal ? "info" : "error", "route failed", errorFields(cause, request));
};

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
          log("error", "render failed", errorFields(error, request));
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
    log("error", "desk page not finished", { error: describeError(error) });
    return html;
  }
}
