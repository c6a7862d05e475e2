/**
 * The Express application in front of React Router, the same in production and in development:
 * request logs, the security headers and the Content-Security-Policy, the desk's `no-store`,
 * `/healthz`, one address per page, the Origin check, the form posts' rate limits, a nonce per
 * request, and the error page. Only the files differ: production serves the build's prerendered
 * pages and precompressed assets, development hands them to Vite (see server.ts).
 *
 * Bundled into build/server.js beside the React Router build, so it imports the app's services
 * only as a type and reaches them through the object it is given: one copy of each module.
 */
import crypto from "node:crypto";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import { SERVICE_WORKER_PATH, SERVICE_WORKER_SCOPE } from "~/owner/paths";
import { contentSecurityPolicy as policy } from "~/infra/csp.server";
import type * as AppServices from "./services.server";

export type Services = typeof AppServices;

/** What every desk answer sends as its Referrer-Policy: a Referer names the site, never a desk path. */
export const DESK_REFERRER_POLICY = "strict-origin";

export interface HttpAppOptions {
  services: Services;
  env: ReturnType<Services["getEnv"]>;
  /** The chat assistant's origin, allowed as a frame; empty for none. */
  chatOrigin: string;
  /** Development: Vite's client connects back over a WebSocket for hot reloading. */
  development: boolean;
  /** Serves the site's files (production: prerendered pages and assets; development: Vite). */
  serveFiles(app: express.Express, csp: (scriptSources?: string) => string): void;
  /** React Router's request handler. */
  handler(
    getLoadContext: (req: Request, res: Response) => { cspNonce: string; clientIp: string | undefined },
  ): RequestHandler;
}

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { services, env } = options;

  const contentSecurityPolicy = (scriptSources = "") =>
    policy({ chatOrigin: options.chatOrigin, scriptSources, development: options.development });

  /**
   * The owner's desk shows people's names, phones and photos: no shared cache or browser history may
   * keep a copy, and no search engine may list it, whatever the answer (a page, a photo, a refusal).
   * Nor may a request a desk page makes (a photo, the manifest, a revalidation, a link away) name
   * the page's path and query in its Referer: the proxy logs the Referer, and a desk address may
   * hold a search for someone's name. `strict-origin` sends the site alone; `no-referrer` would do
   * too, but a form posted without JavaScript would then carry `Origin: null`, which the Origin
   * check below refuses.
   */
  function setDeskHeaders(req: Request, res: Response): void {
    if (!services.isDeskPath(req.path)) return;
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Robots-Tag", "noindex, nofollow");
    res.setHeader("Referrer-Policy", DESK_REFERRER_POLICY);
    // The worker's file sits in /owner/, and the lead list it keeps for offline is /owner itself.
    if (req.path === SERVICE_WORKER_PATH) res.setHeader("Service-Worker-Allowed", SERVICE_WORKER_SCOPE);
  }

  /** The headers a desk route's own value replaces rather than adds to. */
  const REPLACED_ON_THE_DESK = new Set([
    "cache-control",
    "referrer-policy",
    "content-security-policy",
    "x-frame-options",
  ]);

  function setSecurityHeaders(req: Request, res: Response): void {
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    setDeskHeaders(req, res);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy());
  }

  const isApi = (req: Request) => req.path.toLowerCase().startsWith("/api/");

  /** A refusal in the shape the caller reads: JSON for the API, the error page otherwise. */
  function refuse(req: Request, res: Response, status: number): void {
    const answer = services.errorAnswer(status, req.path);
    res.status(answer.status).setHeader("Cache-Control", "no-store").type(answer.contentType).send(answer.body);
  }

  const app = express();
  app.disable("x-powered-by");
  // Only these peers may name the client in X-Forwarded-For; anyone else could forge it and pick a
  // fresh rate-limit budget per request.
  app.set("trust proxy", env.trustProxy);

  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      services.log(res.statusCode >= 500 ? "error" : "info", "request", {
        method: req.method,
        path: services.loggablePath(req.originalUrl),
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 100_000n) / 10,
        bytes: Number(res.getHeader("content-length") ?? 0) || undefined,
      });
    });
    next();
  });

  app.use((req, res, next) => {
    setSecurityHeaders(req, res);
    if (services.isDeskPath(req.path)) {
      // React Router appends a route's headers to ours; a desk route that names its own caching
      // (a photo's `private, no-store`), its referrer policy (the setup link's page, whose token is
      // in its address) or its framing and content policy (a draft's preview, framed by the desk and
      // running no script) replaces the default instead of adding a second header.
      const append = res.append.bind(res);
      res.append = (field: string, value?: string | string[]) => {
        if (REPLACED_ON_THE_DESK.has(field.toLowerCase()) && value !== undefined) return res.setHeader(field, value);
        return append(field, value);
      };
    }
    next();
  });

  app.get("/healthz", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    // Up but unable to store a lead is not healthy: a load balancer should send visitors elsewhere.
    if (await services.databaseAnswers()) res.json({ ok: true });
    else res.status(503).json({ ok: false, database: "not answering" });
  });

  options.serveFiles(app, contentSecurityPolicy);

  // Only what is made per request is compressed per request: the build's pages and text files were
  // compressed once, and images do not shrink.
  app.use(compression());

  // A post from another site's page is a forgery: the browser names that page's origin. Clients that
  // are not browsers send no Origin, and may post.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const origin = req.headers.origin;
    if (origin === undefined || origin === env.siteUrl || origin === `${req.protocol}://${req.headers.host ?? ""}`)
      return next();
    services.log("warn", "cross-origin post refused", {
      path: services.loggablePath(req.originalUrl),
      origin: origin.slice(0, 200),
    });
    refuse(req, res, 403);
  });

  // One budget per client and form action, whatever spelling of the path reaches it.
  app.use(async (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    let decision: Awaited<ReturnType<Services["admitFormPost"]>>;
    try {
      decision = await services.admitFormPost(req.path, req.ip);
    } catch (error) {
      // The store is the database: if it cannot count, it cannot store the post either, and the
      // handler will say so. Refusing here would only hide the real failure.
      services.log("error", "rate limit could not be checked", { error: services.describeError(error) });
      return next();
    }
    if (!decision || decision.allowed) return next();
    res.setHeader("Retry-After", String(decision.retryAfterSeconds));
    res.setHeader("Cache-Control", "no-store");
    services.log("warn", "rate limited", { action: decision.action, path: services.loggablePath(req.originalUrl) });
    // The passkey endpoint's script reads JSON; a page's form reads the line of text.
    const answer = services.rateLimitedAnswer(decision, isApi(req) || Boolean(req.is("application/json")));
    res.status(429).type(answer.contentType).send(answer.body);
  });

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(`'nonce-${res.locals.cspNonce}'`));
    // A page rendered per request (the desk, a link from an email, the answer to a form) may show a
    // person's details, so no other site's window keeps a handle on it. The prerendered public
    // pages show nobody's: there the header would cost each visit a browser process of its own
    // (about 200 ms of blocked main thread on a phone, measured by Lighthouse) and protect nothing.
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    next();
  });

  app.all(
    "/{*splat}",
    options.handler((req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip })),
  );

  // Whatever failed (a malformed address, an unreadable body, a bug), the visitor gets the site's
  // error page with every security header, and the details stay in the log.
  app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const status = services.errorStatus(error);
    services.log(status >= 500 ? "error" : "info", "request failed", {
      path: services.loggablePath(req.originalUrl),
      status,
      error: services.withoutSecrets(services.describeError(error), req.originalUrl),
    });
    if (res.headersSent) return next(error);
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    setSecurityHeaders(req, res);
    refuse(req, res, status);
  });

  return app;
}

/** True when a browser would read `location` as a path on this site, not as another host. */
export function isLocalPath(location: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(location);
  } catch {
    return false;
  }
  // "//host" and "/\host" are read as another host; so are their percent-encoded spellings.
  return /^\/(?![/\\])/.test(location) && /^\/(?![/\\])/.test(decoded);
}

/** One canonical address per page: /services/ becomes /services. */
export const withoutTrailingSlash: RequestHandler = (req, res, next) => {
  if ((req.method === "GET" || req.method === "HEAD") && req.path.length > 1 && req.path.endsWith("/")) {
    const target = req.path.replace(/\/+$/, "");
    if (!isLocalPath(target)) return next();
    const query = req.originalUrl.slice(req.path.length);
    res.redirect(301, target + query);
    return;
  }
  next();
};
