/**
 * The server: one Node process serving the site and the owner's desk, through the Express
 * application of app/server/http.server.ts (headers, CSP, Origin check, rate limits, error page).
 *
 * `npm start` runs the build (build/server.js): prerendered pages are read from build/client at
 * start and served at clean URLs (/services, never a redirect to /services/), each with a
 * Content-Security-Policy naming the hashes of its inline scripts; they and the other text files
 * are held in memory with the brotli and gzip copies the build made (precompressed.server.ts).
 * Everything else (form posts, the desk, the 404 page, newsletter links) goes to React Router,
 * whose responses carry a per-request nonce instead.
 *
 * `npm run dev` runs this file from source with `--dev`: the same application, with Vite in
 * middleware mode serving the modules and rendering every page per request (with a nonce), so
 * what runs in development is what runs in production.
 */
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import express from "express";
import type { ServerBuild } from "react-router";
import {
  loadStaticFile,
  loadTextFiles,
  sendStaticFile,
  TEXT_TYPES,
  type StaticFile,
} from "./app/infra/precompressed.server";
import { createHttpApp, withoutTrailingSlash, type HttpAppOptions, type Services } from "./app/server/http.server";

const development = process.argv.includes("--dev");

// Express and React pick their behaviour from NODE_ENV when they load: without it a plain
// `node build/server.js` would answer errors with stack traces. React loads with the build and
// the request handler below, so both are imported only after this line.
process.env.NODE_ENV ??= development ? "development" : "production";
const { createRequestHandler } = await import("@react-router/express");
const { createRequestHandler: createRenderer } = await import("react-router");

/** The app's server-side services, checked to be there so a renamed export fails at start. */
function appServices(build: ServerBuild): Services {
  const module: object = build.entry.module;
  if (!("services" in module) || typeof module.services !== "object" || module.services === null)
    throw new Error("the build's entry.server does not export `services`");
  const services = module.services as Services;
  for (const name of [
    "startBackgroundWork",
    "stopBackgroundWork",
    "getEnv",
    "builtWith",
    "log",
    "admitFormPost",
    "errorAnswer",
    "isDeskPath",
    "loggablePath",
    "withoutSecrets",
    "startLiveSite",
    "stopLiveSite",
    "liveFile",
  ] as const)
    if (typeof services[name] !== "function") throw new Error(`the build's services lack ${name}()`);
  return services;
}

interface Site {
  services: Services;
  /** Keeps what the owner published in step; in production it also renders the pages that show it. */
  startLive(chatOrigin: string): Promise<void>;
  serveFiles: HttpAppOptions["serveFiles"];
  handler: HttpAppOptions["handler"];
  close(): Promise<void>;
}

// Made before the application it serves: in development, hot reloading attaches to it.
const server = http.createServer();

/** The build: prerendered pages and hashed assets from build/client, React Router's build beside them. */
async function productionSite(): Promise<Site> {
  const buildDir = import.meta.dirname;
  const clientDir = path.join(buildDir, "client");
  const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
  const cspHashes = JSON.parse(fs.readFileSync(path.join(buildDir, "csp-hashes.json"), "utf8")) as Record<
    string,
    string[]
  >;
  const services = appServices(build);
  /** Pages may change when the owner publishes: a browser asks each time and gets 304 while they have not. */
  const PAGE_CACHE = "public, max-age=0, must-revalidate";
  /** Prerendered pages, keyed by URL path, loaded once: the site is small and this is its hot path. */
  const pages = new Map<string, StaticFile>();
  // Hashed file names never change content, so browsers may keep them for a year.
  const IMMUTABLE = "public, max-age=31536000, immutable";
  /** Scripts, the sitemap, robots.txt, the feed, the pages' data, icons: every text file but the pages and images. */
  const textFiles = loadTextFiles(
    clientDir,
    "",
    // A page's data must change with its HTML when the owner publishes, so it is checked as often.
    (file) => (file.startsWith("assets/") ? IMMUTABLE : file.endsWith(".data") ? PAGE_CACHE : "public, max-age=3600"),
    (file) => file.endsWith(".html") || file.startsWith("img/"),
  );
  return {
    services,
    async startLive(chatOrigin) {
      await services.startLiveSite({
        render: createRenderer(build, "production"),
        pages: Object.keys(cspHashes).map((file) =>
          file === "index.html" ? "/" : `/${file.replace(/\/index\.html$/, "")}`,
        ),
        // What the build made at a URL path, to compare a live render with.
        builtBody: (urlPath) => (pages.get(urlPath) ?? textFiles.get(urlPath))?.variants.get("identity")?.body,
        chatOrigin,
      });
    },
    serveFiles(app, contentSecurityPolicy) {
      for (const [file, hashes] of Object.entries(cspHashes)) {
        const urlPath = file === "index.html" ? "/" : `/${file.replace(/\/index\.html$/, "")}`;
        pages.set(
          urlPath,
          loadStaticFile(path.join(clientDir, file), {
            contentType: TEXT_TYPES[".html"] ?? "text/html",
            cacheControl: PAGE_CACHE,
            headers: { "Content-Security-Policy": contentSecurityPolicy(hashes.map((h) => `'${h}'`).join(" ")) },
          }),
        );
      }
      // What the owner published, rendered once per change (app/live/live-site.server.ts), before the
      // build's own copy of the same page or file.
      app.use((req, res, next) => {
        if (req.method !== "GET" && req.method !== "HEAD") return next();
        const file = services.liveFile(req.path) ?? textFiles.get(req.path);
        if (!file) return next();
        sendStaticFile(req, res, file);
      });
      const immutable = { immutable: true, maxAge: "1y", index: false, redirect: false } as const;
      app.use("/assets", express.static(path.join(clientDir, "assets"), immutable));
      app.use("/img", express.static(path.join(clientDir, "img"), immutable));
      app.use(withoutTrailingSlash);
      app.use((req, res, next) => {
        if (req.method !== "GET" && req.method !== "HEAD") return next();
        const page = pages.get(req.path);
        if (!page) return next();
        sendStaticFile(req, res, page);
      });
      app.use(express.static(clientDir, { index: false, redirect: false, maxAge: "1h" }));
    },
    handler: (getLoadContext) => createRequestHandler({ build, mode: "production", getLoadContext }),
    close: async () => undefined,
  };
}

/**
 * Development: Vite in middleware mode serves the app's modules and public/, and loads the React
 * Router build from source on each request, so an edit shows on the next reload.
 */
async function developmentSite(): Promise<Site> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    appType: "custom",
    // Hot reloading rides on this server's own port, so no second port is opened.
    server: { middlewareMode: true, hmr: { server } },
  });
  const load = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  const services = appServices(await load());
  return {
    services,
    // Pages are rendered per request here; only the snapshot they read is kept in step.
    startLive: (chatOrigin) => services.startLiveSite({ pages: [], builtBody: () => undefined, chatOrigin }),
    serveFiles(app) {
      app.use(vite.middlewares);
      app.use(withoutTrailingSlash);
    },
    handler: (getLoadContext) => createRequestHandler({ build: load, mode: "development", getLoadContext }),
    close: () => vite.close(),
  };
}

const site = development ? await developmentSite() : await productionSite();
const { services } = site;
const env = (() => {
  try {
    return services.getEnv();
  } catch (error) {
    // One line naming the variable is what the person starting the server needs, not a stack.
    services.log("error", services.describeError(error));
    process.exit(1);
  }
})();
const { chatEmbedUrl } = services.builtWith();
const chatOrigin = chatEmbedUrl ? new URL(chatEmbedUrl).origin : "";

/** The longest a shutdown may take: a process manager waits about this long before SIGKILL. */
const SHUTDOWN_BOUND_MS = 10_000;

const app = createHttpApp({
  services,
  env,
  chatOrigin,
  development,
  serveFiles: site.serveFiles,
  handler: site.handler,
});

server.on("request", app);

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

// The first read of what is published comes before the port opens, so no instance ever answers
// with pages older than it.
try {
  await site.startLive(chatOrigin);
} catch (error) {
  services.log("error", "database could not be opened or migrated; stopping", {
    error: services.describeError(error),
  });
  process.exit(1);
}

server.listen(env.port, env.host, () => {
  services.log("info", "listening", {
    url: `http://${env.host === "0.0.0.0" ? "localhost" : env.host}:${env.port}`,
    mode: development ? "development" : "production",
  });
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
  await services.stopLiveSite();
  await services.stopBackgroundWork();
  await site.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
