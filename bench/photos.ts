/**
 * `npm run bench -- --only photos`: what a camera's photo costs on a project page. For the
 * camera-like test photo (`tests/support/project-photo.ts`): the time to make its files and the
 * bytes of each width and format, then for each AVIF quality tried, the bytes of the widths phones
 * take and the project page's largest paint (Lighthouse mobile, median of 3 runs, each in a fresh
 * Chromium), with the photo made at that quality. Decision record 0031 holds a run's figures.
 */
import { randomUUID } from "node:crypto";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { openMigratedDatabase } from "../app/infra/db.server";
import { AVIF_OPTIONS } from "../app/infra/picture-encoding";
import { markLiveChange } from "../app/live/version.server";
import { createProject } from "../app/projects/projects.server";
import { encodePhoto, photoFileRows, type EncodedPhoto } from "../app/infra/photo-encoding.server";
import { startBuiltServer } from "../tests/support/built-server";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { cameraLikePhoto } from "../tests/support/project-photo";

/** The qualities tried; the site's setting is among them. */
const QUALITIES = [35, 40, 45, 50, 55, 60] as const;
/** The widths phones take of a full-width photo (see PHOTO_WIDTHS). */
const PHONE_WIDTHS = [640, 721, 828, 1080] as const;
const RUNS = 3;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

interface PageRun {
  lcp: number;
  imageBytes: number;
  index: number;
}

/** One Lighthouse run in a Chromium of its own, as a first visit on a phone would be. */
async function auditOnce(url: string): Promise<PageRun> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
    });
    if (!result || result.lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}`);
    const requests = (
      result.lhr.audits["network-requests"]?.details as { items?: { url: string; transferSize?: number }[] }
    ).items;
    return {
      lcp: result.lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
      imageBytes: (requests ?? [])
        .filter((r) => r.url.includes("/projects/photos/"))
        .reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
      index: result.lhr.environment.benchmarkIndex,
    };
  } finally {
    await chrome.kill();
  }
}

export async function photosBenchmark(say: (line?: string) => void): Promise<void> {
  const photo = await cameraLikePhoto();
  say("## A camera's photo on a project page");
  say("");
  say(`The camera-like test photo: 4000 × 3000 JPEG, ${kb(photo.length)} KB.`);
  say("");

  const started = performance.now();
  const current = await encodePhoto(photo, "bench-current");
  const encodeMs = performance.now() - started;
  say(
    `Made into its site files at the site's settings (AVIF quality ${AVIF_OPTIONS.quality}, effort ${AVIF_OPTIONS.effort}) in ${Math.round(encodeMs)} ms:`,
  );
  say("");
  say("| width | AVIF KB | WebP KB |");
  say("|---|---|---|");
  for (const width of [...new Set(current.files.map((f) => f.width))]) {
    const of = (format: string) =>
      current.files.find((f) => f.width === width && f.format === format)?.data.length ?? 0;
    say(`| ${width} | ${kb(of("avif"))} | ${kb(of("webp"))} |`);
  }
  say("");

  const server = await startBuiltServer();
  const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
  const actor = { email: "bench@causeway.test", client: null };
  const pages: { quality: number; path: string; encoded: EncodedPhoto; ms: number }[] = [];
  try {
    for (const quality of QUALITIES) {
      const photoId = randomUUID();
      const t = performance.now();
      const encoded = await encodePhoto(photo, photoId, { ...AVIF_OPTIONS, quality });
      const ms = performance.now() - t;
      const projectId = await createProject(
        handle.db,
        {
          title: `Rebuilt deck at AVIF quality ${quality}`,
          service: "decks-and-stairs",
          town: "Surf City",
          finished: "2026-09",
          story: "New boards, new stringers and a railing to code.",
        },
        actor,
      );
      await handle.db.transaction().execute(async (trx) => {
        await trx
          .insertInto("project_photos")
          .values({
            id: photoId,
            project_id: projectId,
            upload_key: `bench-${quality}`,
            position: 0,
            description: "The new deck from the yard",
            label: null,
            is_cover: 1,
            state: "ready",
            original: null,
            original_format: "jpeg",
            width: encoded.width,
            height: encoded.height,
            hash: encoded.hash,
            created_at: new Date().toISOString(),
          })
          .execute();
        for (const row of photoFileRows(photoId, encoded.files))
          await trx.insertInto("project_photo_files").values(row).execute();
        await trx
          .updateTable("projects")
          .set({ status: "published", ever_published: 1, published_at: new Date().toISOString() })
          .where("id", "=", projectId)
          .execute();
        await markLiveChange(trx);
      });
      const { slug } = await handle.db
        .selectFrom("projects")
        .select("slug")
        .where("id", "=", projectId)
        .executeTakeFirstOrThrow();
      pages.push({ quality, path: `/projects/${slug}`, encoded, ms });
    }
    // The server's poll renders the published pages.
    for (const page of pages)
      for (let i = 0; i < 400 && (await fetch(`${server.origin}${page.path}`)).status !== 200; i++)
        await new Promise((resolve) => setTimeout(resolve, 50));

    say(
      `AVIF quality tried: the bytes of the widths phones take, the time to make all of the photo's files, and the project page's largest paint (Lighthouse mobile, median of ${RUNS} runs, each in a fresh Chromium; the page's photo bytes as Lighthouse's phone took them):`,
    );
    say("");
    say(
      `| quality | ${PHONE_WIDTHS.map((w) => `${w} w KB`).join(" | ")} | encode ms | LCP ms | photo KB | benchmarkIndex |`,
    );
    say(`|---|${PHONE_WIDTHS.map(() => "---|").join("")}---|---|---|---|`);
    for (const page of pages) {
      const runs: PageRun[] = [];
      for (let i = 0; i < RUNS; i++) runs.push(await auditOnce(`${server.origin}${page.path}`));
      const bytesAt = (width: number) =>
        page.encoded.files.find((f) => f.width === width && f.format === "avif")?.data.length ?? 0;
      say(
        `| ${page.quality}${page.quality === AVIF_OPTIONS.quality ? " (site)" : ""} | ${PHONE_WIDTHS.map((w) => kb(bytesAt(w))).join(" | ")} | ${Math.round(page.ms)} | ${Math.round(median(runs.map((r) => r.lcp)))} | ${kb(median(runs.map((r) => r.imageBytes)))} | ${Math.round(median(runs.map((r) => r.index)))} |`,
      );
    }
    say("");
  } finally {
    await handle.close();
    await server.stop();
  }
}
