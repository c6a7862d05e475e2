/**
 * The production server: one Node process serving the prerendered site and the form endpoints.
 *
 * Prerendered pages are read from build/client at start and served at clean URLs (/services, never
 * a redirect to /services/), each with a Content-Security-Policy naming the hashes of its inline
 * scripts. Everything else (form posts, the 404 page, newsletter links) goes to React Router, whose
 * responses carry a per-request nonce instead.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";

interface AppServices {
  startBackgroundWork(): void;
  stopBackgroundWork(): Promise<void>;
  getEnv(): { port: number; host: string; rateLimitMax: number };
  createRateLimiter(opts: { max: number; windowMs: number }): { hit(key: string): { allowed: boolean; retryAfterSeconds: number } };
  log(level: "debug" | "info" | "warn" | "error", msg: string, fields?: Record<string, unknown>): void;
}

const buildDir = import.meta.dirname;
const clientDir = path.join(buildDir, "client");
const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
const services = build.entry.module as unknown as AppServices;
const env = services.getEnv();
const cspHashes = JSON.parse(fs.readFileSync(path.join(buildDir, "csp-hashes.json"), "utf8")) as Record<string, string[]>;
const chatOrigin = fs.existsSync(path.join(buildDir, "chat-origin.txt")) ? fs.readFileSync(path.join(buildDir, "chat-origin.txt"), "utf8").trim() : "";


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
const pages = new Map<string, { html: Buffer; csp: string }>();
for (const [file, hashes] of Object.entries(cspHashes)) {
  const urlPath = file === "index.html" ? "/" : `/${file.replace(/\/index\.html$/, "")}`;
  pages.set(urlPath, {
    html: fs.readFileSync(path.join(clientDir, file)),
    csp: contentSecurityPolicy(hashes.map((h) => `'${h}'`).join(" ")),
  });
}

const app = express();
app.disable("x-powered-by");
// Behind a local reverse proxy the client address and protocol come from its headers.
app.set("trust proxy", "loopback, linklocal, uniquelocal");

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
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
  res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
  if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  res.setHeader("Content-Security-Policy", contentSecurityPolicy());
  next();
});

app.use(compression());

app.get("/healthz", (_req, res) => {
  res.setHeader("Cache-Control", "no-store");
  res.json({ ok: true });
});

// Hashed file names never change content, so browsers may keep them for a year.
const immutable = { immutable: true, maxAge: "1y", index: false, redirect: false } as const;
app.use("/assets", express.static(path.join(clientDir, "assets"), immutable));
app.use("/img", express.static(path.join(clientDir, "img"), immutable));

// One canonical address per page: /services/ becomes /services.
app.use((req, res, next) => {
  if ((req.method === "GET" || req.method === "HEAD") && req.path.length > 1 && req.path.endsWith("/")) {
    const query = req.originalUrl.slice(req.path.length);
    res.redirect(301, req.path.replace(/\/+$/, "") + query);
    return;
  }
  next();
});

app.use((req, res, next) => {
  if (req.method !== "GET" && req.method !== "HEAD") return next();
  const page = pages.get(req.path);
  if (!page) return next();
  res.setHeader("Content-Security-Policy", page.csp);
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Cache-Control", "public, max-age=0, must-revalidate");
  res.send(page.html);
});

app.use(express.static(clientDir, { index: false, redirect: false, maxAge: "1h" }));

function limitPosts(name: string, paths: string[]) {
  const limiter = services.createRateLimiter({ max: env.rateLimitMax, windowMs: 10 * 60 * 1000 });
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "POST" || !paths.includes(req.path)) return next();
    const { allowed, retryAfterSeconds } = limiter.hit(req.ip ?? "unknown");
    if (allowed) return next();
    res.setHeader("Retry-After", String(retryAfterSeconds));
    const message = `Too many requests. Please wait ${Math.ceil(retryAfterSeconds / 60)} minutes and try again, or call us.`;
    services.log("warn", "rate limited", { endpoint: name, path: req.path });
    if (req.path.startsWith("/api/")) res.status(429).json(name === "estimate" ? { success: false, error: message } : { error: message });
    else res.status(429).type("text/plain").send(message);
  };
}
app.use(limitPosts("estimate", ["/api/estimate", "/estimate"]));
app.use(limitPosts("newsletter", ["/api/newsletter", "/newsletter"]));

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

services.startBackgroundWork();

const server: Server = app.listen(env.port, env.host, () => {
  services.log("info", "listening", { url: `http://${env.host === "0.0.0.0" ? "localhost" : env.host}:${env.port}` });
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  services.log("info", "shutting down", { signal });
  // Stop accepting connections, let requests in flight finish, then stop the mail worker.
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), 10_000).unref();
  await closed;
  clearTimeout(timer);
  await services.stopBackgroundWork();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
