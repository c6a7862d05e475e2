/**
 * Keeps this instance's public pages in step with what the owner published.
 *
 * Pages start as the build made them. When the live version in the database moves (a publish on any
 * instance), or a published thing reaches its own time (a notice ends, a closed day begins), the
 * instance reads the snapshot of published content once, renders every public page from it through
 * the server build, compresses each once, and swaps the whole set in. Requests are then answered
 * from memory as the build's files are: nothing is rendered per request. A page whose render equals
 * the build's file is served as the build's file, so with nothing published the bytes are the
 * build's own.
 *
 * The scheduler polls the version every two seconds (`server/jobs.server.ts` calls `refresh()`); on
 * PostgreSQL a notification starts the work at once. Renders run one at a time: a change that
 * arrives during one is picked up right after it.
 */
import zlib from "node:zlib";
import { promisify } from "node:util";
import type { Kysely } from "kysely";
import { contentSecurityPolicy, hashSources } from "~/infra/csp.server";
import { fileFromBuffers, withCompressedCopy, type StaticFile } from "~/infra/precompressed.server";
import { describeError, log } from "~/infra/log.server";
import type { Database } from "~/infra/schema.server";
import { listenForNotifications, type Listener } from "./pg-listener.server";
import { dataPath, renderPage, renderResource, type RenderedFile, type RenderRequest } from "./render-page.server";
import { installSnapshot, loadSnapshot, type LiveSource } from "./snapshot.server";
import { LIVE_CHANNEL, onLocalLiveChange, readLiveVersion } from "./version.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** As the build's pages: a browser checks each time, and gets 304 while nothing changed. */
const PAGE_CACHE = "public, max-age=0, must-revalidate";

export interface LiveSiteOptions {
  db: Kysely<Database>;
  /** Set on PostgreSQL: the address to LISTEN on. */
  databaseUrl?: string;
  /** The server build's handler; without one, only the snapshot pages read is kept in step. */
  render?: RenderRequest;
  sources: readonly LiveSource<unknown>[];
  /** The build's HTML pages (their URL paths), and the files routes make that may show published content. */
  pages: readonly string[];
  resources: readonly string[];
  /** The build's bytes at a URL path (a page, its `.data`, a resource): a render equal to them is not kept. */
  builtBody(urlPath: string): Buffer | undefined;
  chatOrigin: string;
  now?: () => Date;
}

export type RefreshOutcome = "current" | "rendered" | "build" | "failed";

export interface LiveSite {
  /** The live answer for a URL path, when published content changed it. */
  file(urlPath: string): StaticFile | undefined;
  /** Brings the pages up to date when the version moved or a published thing's time came. */
  refresh(): Promise<RefreshOutcome>;
  /** Resolves once the pages in force are compressed as the build compresses its own. */
  finished(): Promise<void>;
  stop(): Promise<void>;
}

interface State {
  version: number | undefined;
  changesAt?: Date;
  files: Map<string, StaticFile>;
}

const brotliAt = (body: Buffer, quality: number) =>
  brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });

/** The build's brotli quality, which the pages get once the quick render is being served. */
export const FINISHED_BROTLI_QUALITY = 11;

async function compressed(file: RenderedFile, headers?: Record<string, string>): Promise<StaticFile> {
  const [br, gz] = await Promise.all([
    // Quality 5 takes milliseconds where the build's 11 takes a sixth of a second per page, for
    // about a tenth more bytes: a change that renders every page must not hold the CPU for seconds,
    // so the pages go out at 5 and are compressed again at 11 behind them (`finishCompression`).
    brotliAt(file.body, 5),
    gzip(file.body, { level: 6 }),
  ]);
  return fileFromBuffers(
    file.body,
    { br, gzip: gz },
    { contentType: file.contentType, cacheControl: PAGE_CACHE, headers, status: file.status },
  );
}

const yieldToRequests = () => new Promise<void>((resolve) => setImmediate(resolve));

export function startLiveSite(options: LiveSiteOptions): LiveSite {
  const now = options.now ?? (() => new Date());
  let state: State = { version: undefined, files: new Map() };
  let running: Promise<RefreshOutcome> | undefined;
  let finishing: Promise<void> = Promise.resolve();
  let again = false;
  let stopped = false;

  /**
   * Compresses the pages of `rendered` again at the build's quality, one at a time off the main
   * thread, and swaps each in while `rendered` is still the state served. The quick copy adds a
   * tenth to a long article, enough to cost a slow phone one more round trip before its first
   * paint; this pass gives the bytes back within seconds, and a newer render simply ends it.
   */
  async function finishCompression(rendered: State): Promise<void> {
    const timer = performance.now();
    let files = 0;
    for (const [path, file] of rendered.files) {
      const body = file.variants.get("identity")?.body;
      if (!body || !file.variants.has("br")) continue;
      const br = await brotliAt(body, FINISHED_BROTLI_QUALITY);
      if (state !== rendered || stopped) return;
      rendered.files.set(path, withCompressedCopy(file, "br", br));
      files++;
      await yieldToRequests();
    }
    if (files > 0)
      log("info", "live pages compressed as the build does", {
        version: rendered.version,
        files,
        ms: Math.round(performance.now() - timer),
      });
  }

  /** Renders every page from the snapshot just installed; keeps the previous answer of a page that fails. */
  async function renderAll(render: RenderRequest, extraPages: readonly string[]): Promise<Map<string, StaticFile>> {
    const files = new Map<string, StaticFile>();
    const keep = (path: string) => {
      const previous = state.files.get(path);
      if (previous) files.set(path, previous);
    };
    const store = async (path: string, rendered: RenderedFile, headers?: Record<string, string>) => {
      const built = options.builtBody(path);
      if (rendered.status === 200 && built?.equals(rendered.body)) return;
      files.set(
        path,
        await compressed(rendered, rendered.location ? { ...headers, Location: rendered.location } : headers),
      );
    };
    for (const path of [...options.pages, ...extraPages.filter((p) => !options.pages.includes(p))]) {
      try {
        const page = await renderPage(render, path);
        if (page.html.status >= 500 || page.data.status >= 500)
          throw new Error(`answered ${page.html.status} (data ${page.data.status})`);
        const csp = contentSecurityPolicy({
          chatOrigin: options.chatOrigin,
          scriptSources: hashSources(page.html.scriptHashes ?? []),
        });
        await store(path, page.html, { "Content-Security-Policy": csp });
        await store(dataPath(path), page.data);
      } catch (error) {
        log("error", "live page could not be rendered; its previous version stays", {
          path,
          error: describeError(error),
        });
        keep(path);
        keep(dataPath(path));
      }
      await yieldToRequests();
    }
    for (const path of options.resources) {
      try {
        const rendered = await renderResource(render, path);
        if (rendered.status >= 500) throw new Error(`answered ${rendered.status}`);
        await store(path, rendered);
      } catch (error) {
        log("error", "live file could not be rendered; its previous version stays", {
          path,
          error: describeError(error),
        });
        keep(path);
      }
    }
    return files;
  }

  async function refreshOnce(): Promise<RefreshOutcome> {
    const started = now();
    // Read before the content: a publish in between is then seen again at the next poll, never missed.
    const version = await readLiveVersion(options.db);
    const due = state.changesAt !== undefined && started >= state.changesAt;
    if (version === state.version && !due) return "current";
    const snapshot = await loadSnapshot(options.db, options.sources, started);
    installSnapshot(snapshot);
    if (!snapshot.published) {
      state = { version, changesAt: snapshot.changesAt, files: new Map() };
      return "build";
    }
    if (!options.render) {
      state = { version, changesAt: snapshot.changesAt, files: new Map() };
      return "current";
    }
    const timer = performance.now();
    const files = await renderAll(options.render, snapshot.extraPages);
    const rendered: State = { version, changesAt: snapshot.changesAt, files };
    state = rendered;
    finishing = finishCompression(rendered).catch((error: unknown) =>
      log("error", "live pages could not be compressed again", { error: describeError(error) }),
    );
    log("info", "live pages rendered", {
      version,
      pages: options.pages.length + snapshot.extraPages.length,
      changed: files.size,
      ms: Math.round(performance.now() - timer),
    });
    return "rendered";
  }

  async function refresh(): Promise<RefreshOutcome> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      // What the pages went through: a render followed by a pass that found nothing new is a render.
      let outcome: RefreshOutcome = "current";
      do {
        again = false;
        let pass: RefreshOutcome;
        try {
          pass = await refreshOnce();
        } catch (error) {
          log("error", "live pages could not be brought up to date", { error: describeError(error) });
          pass = "failed";
        }
        if (pass !== "current") outcome = pass;
      } while (again && !stopped);
      return outcome;
    })().finally(() => {
      running = undefined;
    });
    return running;
  }

  const listener: Listener | undefined = options.databaseUrl
    ? listenForNotifications(options.databaseUrl, LIVE_CHANNEL, () => void refresh())
    : undefined;
  onLocalLiveChange(() => void refresh());

  return {
    file: (urlPath) => state.files.get(urlPath),
    refresh,
    async finished() {
      await running;
      await finishing;
    },
    async stop() {
      stopped = true;
      onLocalLiveChange(undefined);
      await listener?.stop();
      await running;
      await finishing;
    },
  };
}
