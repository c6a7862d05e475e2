/**
 * The production server: one Node process serving the prerendered site and the form endpoints.
 *
 * Prerendered pages are read from build/client at start and served at clean URLs (/services, never
 * a redirect to /services/), each with a Content-Security-Policy naming the hashes of its inline
 * scripts. They and the other text files are held in memory with the brotli and gzip copies the
 * build made (see app/infra/precompressed.server.ts). Everything else (form posts, the 404 page,
 * newsletter links) goes to React Router, whose responses carry a per-request nonce instead.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import {
  loadStaticFile,
  loadTextFiles,
  sendStaticFile,
  TEXT_TYPES,
  type StaticFile,
} from "./app/infra/precompressed.server";
import type * as AppServices from "./app/server/services.server";

// Express and React pick their production behaviour from NODE_ENV when they load: without it a
// plain `node build/server.js` would answer errors with stack traces. React loads with the build
// and the request handler below, so both are imported only after this line.
process.env.NODE_ENV ??= "production";
const { createRequestHandler } = await import("@react-router/express");

const buildDir = import.meta.dirname;
const clientDir = path.join(buildDir, "client");
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;

/** The app's server-side services, checked to be there so a renamed export fails at start. */
function appServices(module: object): typeof AppServices {
  if (!("services" in module) || typeof module.services !== "object" || module.services === null)
    throw new Error("the build's entry.server does not export `services`");
  const services = module.services as typeof AppServices;
  for (const name of [
    "startBackgroundWork",
    "stopBackgroundWork",
    "getEnv",
    "builtWith",
    "log",
    "admitFormPost",
    "errorAnswer",
    "isDeskPath",
  ] as const)
    if (typeof services[name] !== "function") throw new Error(`the build's services lack ${name}()`);
  return services;
}

const services = appServices(build.entry.module);
const env = (() => {
  try {
    return services.getEnv();
  } catch (error) {
    // One line naming the variable is what the person starting the server needs, not a stack.
    services.log("error", services.describeError(error));
    process.exit(1);
  }
})();
const cspHashes = JSON.parse(fs.readFileSync(path.join(buildDir, "csp-hashes.json"), "utf8")) as Record<
  string,
  string[]
>;
const { chatEmbedUrl } = services.builtWith();
const chatOrigin = chatEmbedUrl ? new URL(chatEmbedUrl).origin : "";

/** The longest a shutdown may take: a process manager waits about this long before SIGKILL. */
const SHUTDOWN_BOUND_MS = 10_000;

function contentSecurityPolicy(scriptSources = ""): string {
  return [
    "default-src 'self'",
    `script-src 'self'${scriptSources ? ` ${scriptSources}` : ""}`,
    // Tailwind's stylesheet is inlined into each page for a faster first paint.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${chatOrigin || "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
    "manifest-src 'self'",
  ].join("; ");
}

/** Prerendered pages, keyed by URL path, loaded once: the site is small and this is its hot path. */
const pages = new Map<string, StaticFile>();
for (const [file, hashes] of Object.entries(cspHashes)) {
  const urlPath = file === "index.html" ? "/" : `/${file.replace(/\/index\.html$/, "")}`;
  pages.set(
    urlPath,
    loadStaticFile(path.join(clientDir, file), {
      contentType: TEXT_TYPES[".html"] ?? "text/html",
      cacheControl: "public, max-age=0, must-revalidate",
      headers: { "Content-Security-Policy": contentSecurityPolicy(hashes.map((h) => `'${h}'`).join(" ")) },
    }),
  );
}

// Hashed file names never change content, so browsers may keep them for a year.
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Scripts, the sitemap, robots.txt, the feed, icons: every text file but the pages and site images. */
const textFiles = loadTextFiles(
  clientDir,
  "",
  (file) => (file.startsWith("assets/") ? IMMUTABLE : "public, max-age=3600"),
  (file) => file.endsWith(".html") || file.startsWith("img/"),
);

/**
 * The owner's desk shows people's names, phones and photos: no shared cache or browser history may
 * keep a copy, and no search engine may list it, whatever the answer (a page, a photo, a refusal).
 */
function setDeskHeaders(req: Request, res: Response): void {
  if (!services.isDeskPath(req.path)) return;
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Robots-Tag", "noindex, nofollow");
}

function setSecurityHeaders(req: Request, res: Response): void {
  setDeskHeaders(req, res);
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  res.setHeader("Content-Security-Policy", contentSecurityPolicy());
}

function isApi(req: Request): boolean {
  return req.path.toLowerCase().startsWith("/api/");
}

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
      path: req.originalUrl.split("?")[0],
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
    // (a photo's `private, no-store`) replaces the default instead of adding a second header.
    const append = res.append.bind(res);
    res.append = (field: string, value?: string | string[]) => {
      if (field.toLowerCase() === "cache-control" && value !== undefined) return res.setHeader("Cache-Control", value);
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

app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const file = textFiles.get(req.path);
  if (!file) return next();
  sendStaticFile(req, res, file);
});

const immutable = { immutable: true, maxAge: "1y", index: false, redirect: false } as const;
app.use("/assets", express.static(path.join(clientDir, "assets"), immutable));
app.use("/img", express.static(path.join(clientDir, "img"), immutable));

/** True when a browser would read `location` as a path on this site, not as another host. */
function isLocalPath(location: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(location);
  } catch {
    return false;
  }
  // "//host" and "/\host" are read as another host; so are their percent-encoded spellings.
  return /^\/(?![/\\])/.test(location) && /^\/(?![/\\])/.test(decoded);
}

// One canonical address per page: /services/ becomes /services.
app.use((req, res, next) => {
  if ((req.method === "GET" || req.method === "HEAD") && req.path.length > 1 && req.path.endsWith("/")) {
    const target = req.path.replace(/\/+$/, "");
    if (!isLocalPath(target)) return next();
    const query = req.originalUrl.slice(req.path.length);
    res.redirect(301, target + query);
    return;
  }
  next();
});

app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const page = pages.get(req.path);
  if (!page) return next();
  sendStaticFile(req, res, page);
});

app.use(express.static(clientDir, { index: false, redirect: false, maxAge: "1h" }));

// Only what is made per request is compressed per request: the pages and text files above were
// compressed once by the build, and images do not shrink.
app.use(compression());

// A post from another site's page is a forgery: the browser names that page's origin. Clients that
// are not browsers send no Origin, and may post.
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const origin = req.headers.origin;
  if (origin === undefined || origin === env.siteUrl || origin === `${req.protocol}://${req.headers.host ?? ""}`)
    return next();
  services.log("warn", "cross-origin post refused", { path: req.path, origin: origin.slice(0, 200) });
  refuse(req, res, 403);
});

// One budget per client and form action, whatever spelling of the path reaches it.
app.use(async (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD") return next();
  let decision: Awaited<ReturnType<typeof services.admitFormPost>>;
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
  services.log("warn", "rate limited", { action: decision.action, path: req.path });
  const answer = services.rateLimitedAnswer(decision, isApi(req));
  res.status(429).type(answer.contentType).send(answer.body);
});

app.use((_req, res, next) => {
  res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(`'nonce-${res.locals.cspNonce}'`));
  next();
});

app.all(
  "/{*splat}",
  createRequestHandler({
    build,
    mode: "production",
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce as string, clientIp: req.ip }),
  }),
);

// Whatever failed (a malformed address, an unreadable body, a bug), the visitor gets the site's
// error page with every security header, and the details stay in the log.
app.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
  const status = services.errorStatus(error);
  services.log(status >= 500 ? "error" : "info", "request failed", {
    path: req.path,
    status,
    error: services.describeError(error),
  });
  if (res.headersSent) return next(error);
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  setSecurityHeaders(req, res);
  refuse(req, res, status);
});

const server = http.createServer(app);

server.once("error", (error: NodeJS.ErrnoException) => {
  const reason =
    error.code === "EADDRINUSE"
      ? "the address is already in use"
      : error.code === "EACCES"
        ? "permission denied"
        : error.message;
  services.log("error", `cannot listen on ${env.host}:${env.port}: ${reason}`, { code: error.code });
  process.exit(1);
});

server.listen(env.port, env.host, () => {
  services.log("info", "listening", { url: `http://${env.host === "0.0.0.0" ? "localhost" : env.host}:${env.port}` });
  // Only once the port is ours: a second copy that failed to listen must not run the mail worker.
  services.startBackgroundWork();
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  services.log("info", "shutting down", { signal });
  const deadline = setTimeout(() => {
    services.log("error", "shutdown took too long; exiting", { boundMs: SHUTDOWN_BOUND_MS });
    process.exit(1);
  }, SHUTDOWN_BOUND_MS);
  deadline.unref();
  // Stop accepting connections, let requests in flight finish, then stop the mail worker.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const cutoff = setTimeout(() => server.closeAllConnections(), SHUTDOWN_BOUND_MS / 2).unref();
  await closed;
  clearTimeout(cutoff);
  await services.stopBackgroundWork();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
