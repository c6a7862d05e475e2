/**
 * Lighthouse (mobile defaults) on every page of the sitemap, then on pages in the states an owner
 * puts them in. The pages are audited as the live layer serves them after a publish of the business
 * facts (a new phone, winter hours in force with their note above the hours): every page shows the
 * facts, so each is rendered again once, and that render is what visitors get from then on. Each
 * page is audited once; only a page that misses a limit is audited again, up to a few attempts,
 * every attempt's figures printed, and it passes on the first attempt within every limit.
 *
 * A public page must score 100 for Accessibility, Best Practices and SEO, paint first within 1.2 s
 * and largest within 1.0 s, shift its layout 0.02 or less, and block at most 600 ms in total (where
 * Lighthouse's own scale puts a phone's median page); up to five attempts (a page that blocks for
 * its own reasons misses all five). The Performance score is printed, not judged: on these shared
 * test machines it follows the machine's blocking time, and the same bytes scored 0.81 to 0.96 in
 * back-to-back runs (record 0024); the start-up JavaScript budget (`tests/build/budgets.test.ts`)
 * holds what a page's own blocking time grows with. Then the home page and a service page again
 * with a notice up, as the owner publishes it, and a service page and an article as the owner
 * rewrote them on the desk.
 *
 * The owner's desk signed in, as the owner opens it from an alert, must paint first within 1.0 s
 * and largest within 1.3 s; /reviews with fifty reviews and a service page with published projects
 * must paint largest within 1.2 s; a project page whose cover is a camera's 12 MP photo within 1.2 s,
 * sending at most 500 KB. Those paints are not judged on
 * an attempt that finds the machine too slow to tell, and the categories they must score 100 in are
 * judged on every attempt: a missed paint is retried, a failed audit is not. Up to three attempts.
 */
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { firstFacts } from "~/content/business-facts";
import { publishFacts } from "~/facts/facts-store.server";
import { openMigratedDatabase } from "~/infra/db.server";
import { addDays, dayOf } from "~/time/business-time";
import { publishNotice } from "~/notices/notices.server";
import { markLiveChange } from "~/live/version.server";
import { createProject } from "~/projects/projects.server";
import { articleFiles } from "~/content/articles.server";
import { serviceFiles } from "~/content/service-pages.server";
import { articleMarkdown, articleValues } from "~/site-pages/article-file.server";
import { readPageFile, servicePageMarkdown } from "~/site-pages/service-page-edits.server";
import { publishSitePage } from "~/site-pages/site-pages-store.server";
import { pictureValues } from "~/site-pages/page-pictures";
import { newArticleFile } from "~/site-pages/new-articles.server";
import { ownerPhotoRef } from "~/content/owner-photos";
import { cameraLikePhoto } from "../support/project-photo";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { fiftyReviews } from "../support/reviews";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../support/chromium";
import { insertLead, insertLeads } from "../support/leads";
import { signedInOwner } from "../support/owner";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_FLAGS];
const SLOW_MACHINE_INDEX = 1000;

type Category = "accessibility" | "best-practices" | "seo";

interface Limits {
  /** Each must score 100. */
  categories: readonly Category[];
  fcpMs?: number;
  lcpMs?: number;
  tbtMs?: number;
  cls: number;
  maxBytes?: number;
  /** Paints are not judged on an attempt whose benchmark index is below SLOW_MACHINE_INDEX. */
  paintsNeedFastMachine: boolean;
  /** At most this many audits; another only after one that missed. */
  attempts: number;
  /** A failed category is retried as a missed paint is (the public pages), or fails the page at once. */
  retryCategories: boolean;
}

// First paint a quarter above the slowest public page measured (0.97 s). The largest paint was held
// at 1.5 s, then 1.2 s, then 1.1 s; with the tab icon written into the page (record 0033) and a
// page's first picture carried in its HTML for a phone (record 0034), the public pages measured
// 0.70 to 0.93 s on a first attempt (the pages with a picture 0.86 to 0.95 s as the median of five,
// benchmark index 1,500 to 2,900), so it is held at 1.0 s. Both far inside the marks where
// Lighthouse starts to take points (1.8 s and 2.5 s). Five attempts, as three were not enough: in
// one clean run /services/carpentry blocked 643 ms or more three times in a row, where the same
// bytes blocked 239 and 363 ms in the clean runs before it.
const PUBLIC: Limits = {
  categories: ["accessibility", "best-practices", "seo"],
  fcpMs: 1200,
  lcpMs: 1000,
  tbtMs: 600,
  cls: 0.02,
  paintsNeedFastMachine: false,
  attempts: 5,
  retryCategories: true,
};
// The desk is not indexed: no SEO. Its performance score is mostly the shared machine's own blocking
// time (the public pages, measured in the same run, move with it), while the paints show whether
// the page waits for its scripts.
const DESK: Limits = {
  categories: ["accessibility", "best-practices"],
  fcpMs: 1000,
  lcpMs: 1300,
  cls: 0.02,
  paintsNeedFastMachine: true,
  attempts: 3,
  retryCategories: false,
};
// A page this long, or with photos this large, must still paint its largest element within 1.2 s.
const CROWDED: Limits = {
  categories: ["accessibility", "best-practices", "seo"],
  lcpMs: 1200,
  cls: Number.POSITIVE_INFINITY,
  paintsNeedFastMachine: true,
  attempts: 3,
  retryCategories: false,
};
// Three 12 MP covers must reach a phone as the few hundred kilobytes its screen needs.
const PROJECTS: Limits = { ...CROWDED, maxBytes: 500 * 1024 };
// A camera's photo as the cover, the page's largest paint: 34 KB at the 721 px a phone takes, where
// a picture drawn for the site is under 10 KB. It measured 1.21 to 1.36 s while the tab icon and the
// manifest were fetched beside it, then 1.06 s (records 0031 and 0033): held at 1.2 s.
const PROJECT_PAGE: Limits = { ...PROJECTS, lcpMs: 1200 };

interface Run {
  scores: Record<"performance" | Category, number>;
  benchmarkIndex: number;
  metrics: { fcp: number; lcp: number; tbt: number; cls: number; bytes: number };
  failedAudits: string[];
  /** Why Lighthouse could not audit the page (Chromium failed to trace it, say), if it could not. */
  runtimeError?: string;
}

let server: BuiltServer;
let chrome: chromeLauncher.LaunchedChrome;
// The built sitemap names the pages; reading it here gives one test per page.
const sitemap = fs.readFileSync(path.resolve(import.meta.dirname, "../../build/client/sitemap.xml"), "utf8");
const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname);
const only = process.env.LIGHTHOUSE_ONLY?.split(",");
const table: string[] = [];

async function audit(url: string, extraHeaders?: Record<string, string>): Promise<Run> {
  const result = await lighthouse(url, {
    port: chrome.port,
    output: "json",
    logLevel: "error",
    extraHeaders,
    // Neither is part of any score (bf-cache weighs nothing in Performance), and each costs every
    // run seconds: a picture of the whole page, and a navigation away and back to try the cache.
    disableFullPageScreenshot: true,
    skipAudits: ["bf-cache"],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const score = (id: string) => lhr.categories[id]?.score ?? 0;
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedAudits = Object.values(lhr.categories)
    .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]))
    .filter((a) => a && a.score !== null && a.score < 1)
    .map((a) => `${a?.id} (${a?.displayValue ?? a?.score})`);
  return {
    scores: {
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
    },
    benchmarkIndex: lhr.environment.benchmarkIndex,
    metrics: {
      fcp: numeric("first-contentful-paint"),
      lcp: numeric("largest-contentful-paint"),
      tbt: numeric("total-blocking-time"),
      cls: numeric("cumulative-layout-shift"),
      bytes: numeric("total-byte-weight"),
    },
    failedAudits,
    runtimeError: lhr.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : undefined,
  };
}

/** The categories that must score 100, each short of it named with the audits that failed. */
function categoryFailures(run: Run, label: string, categories: readonly Category[]): string[] {
  return categories
    .filter((category) => run.scores[category] < 1)
    .map((category) => `${label} ${category} ${run.scores[category]}: ${run.failedAudits.join(", ")}`);
}

/** The measured limits a run misses, each named with its figure. */
function figureMisses(run: Run, label: string, limits: Limits): string[] {
  const misses: string[] = [];
  const m = run.metrics;
  const paintsJudged = !limits.paintsNeedFastMachine || run.benchmarkIndex >= SLOW_MACHINE_INDEX;
  if (paintsJudged && limits.fcpMs !== undefined && !(m.fcp <= limits.fcpMs))
    misses.push(`${label} first paint ${Math.round(m.fcp)} ms, limit ${limits.fcpMs} ms`);
  if (paintsJudged && limits.lcpMs !== undefined && !(m.lcp <= limits.lcpMs))
    misses.push(`${label} largest paint ${Math.round(m.lcp)} ms, limit ${limits.lcpMs} ms`);
  if (m.cls > limits.cls) misses.push(`${label} layout shift ${m.cls.toFixed(3)}, limit ${limits.cls}`);
  if (limits.tbtMs !== undefined && m.tbt > limits.tbtMs)
    misses.push(`${label} total blocking time ${Math.round(m.tbt)} ms, limit ${limits.tbtMs} ms`);
  if (limits.maxBytes !== undefined && !(m.bytes <= limits.maxBytes))
    misses.push(
      `${label} ${Math.round(m.bytes / 1024)} KB transferred, limit ${Math.round(limits.maxBytes / 1024)} KB`,
    );
  return misses;
}

function row(label: string, run: Run, note: string): string {
  const m = run.metrics;
  const s = run.scores;
  return `${label.padEnd(30)} ${s.performance.toFixed(2)}  ${s.accessibility.toFixed(2)}  ${s["best-practices"].toFixed(2)} ${s.seo.toFixed(2)}  ${(m.fcp / 1000).toFixed(2)} s  ${(m.lcp / 1000).toFixed(2)} s  ${Math.round(m.tbt)} ms  ${m.cls.toFixed(3)}  ${String(Math.round(m.bytes / 1024)).padStart(4)} KB  ${Math.round(run.benchmarkIndex)}${note}`;
}

/**
 * Audits a page once, and again (up to `limits.attempts`) only while it misses a limit; every
 * attempt's figures go in the table, and a miss is printed as it happens. Passes on the first
 * attempt within every limit. Where categories are not retried, a category failed on any attempt
 * fails the page.
 */
async function judge(pagePath: () => string, label: string, limits: Limits, cookie?: string): Promise<void> {
  const standing: string[] = [];
  let misses: string[] = [];
  for (let attempt = 1; attempt <= limits.attempts; attempt++) {
    const run = await audit(`${server.origin}${pagePath()}`, cookie ? { Cookie: cookie } : undefined);
    const slow = limits.paintsNeedFastMachine && run.benchmarkIndex < SLOW_MACHINE_INDEX;
    const note = `${attempt > 1 ? ` (attempt ${attempt})` : ""}${slow ? " (slow machine: paints not judged)" : ""}`;
    table.push(row(label, run, note));
    if (run.runtimeError) {
      // Nothing was measured: neither a pass nor a category's failure, so it is tried again.
      misses = [`${label} run failed: ${run.runtimeError}`];
    } else {
      const categories = categoryFailures(run, label, limits.categories);
      misses = figureMisses(run, label, limits);
      if (limits.retryCategories) misses.push(...categories);
      else standing.push(...categories);
    }
    if (misses.length === 0 || standing.length > 0) break;
    if (attempt < limits.attempts)
      console.log(`Lighthouse: ${label} attempt ${attempt} of ${limits.attempts} missed: ${misses.join("; ")}`);
  }
  expect([...new Set([...standing, ...misses])]).toEqual([]);
}

/** How many renders the server has compressed again as the build does, so far. */
const finishedCompressions = () => server.log().split('"msg":"live pages compressed as the build does"').length - 1;

/**
 * Waits for the pass behind a render that compresses its pages again as the build does: the pages
 * are then what visitors get from then on, and the pass no longer takes the CPU an audit times.
 */
async function compressedAsBuilt(before: number): Promise<void> {
  for (let i = 0; i < 600 && finishedCompressions() <= before; i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

/** Published as the desk would, straight into the server's database; its poll renders every page again. */
async function publishWinterFacts(): Promise<void> {
  const compressed = finishedCompressions();
  const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
  const today = dayOf(new Date());
  try {
    const outcome = await publishFacts(
      handle.db,
      { email: "pat@causeway.test", client: null },
      {
        facts: {
          ...firstFacts,
          phone: "+16095550199",
          specialHours: [
            {
              name: "Winter hours",
              firstDay: addDays(today, -1),
              lastDay: addDays(today, 60),
              hours: { ...firstFacts.hours, Friday: { opens: "09:00", closes: "15:00" }, Saturday: "closed" },
            },
          ],
        },
        basedOn: 0,
      },
    );
    if (!outcome.ok) throw new Error(`the facts were not published: ${outcome.reason}`);
  } finally {
    await handle.close();
  }
  for (let i = 0; i < 400 && !(await (await fetch(`${server.origin}/faq`)).text()).includes("(609) 555-0199"); i++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  await compressedAsBuilt(compressed);
}

beforeAll(async () => {
  server = await startBuiltServer({}, { keepLog: true });
  await publishWinterFacts();
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
}, 90_000);

afterAll(async () => {
  await chrome?.kill();
  await server?.stop();
  console.log(
    [
      "Lighthouse (mobile)            perf  a11y  bp   seo   FCP     LCP     TBT    CLS    bytes    index",
      ...table,
    ].join("\n"),
  );
});

describe("Lighthouse", () => {
  it("covers every page of the sitemap", () => {
    expect(paths.length).toBeGreaterThanOrEqual(18);
  });

  for (const path of paths.filter((p) => !only || only.includes(p)))
    it(
      `${path} passes Lighthouse (paints, blocking time, accessibility, best practices, SEO)`,
      () => judge(() => path, path, PUBLIC),
      5 * 60_000,
    );
});

describe("Lighthouse with a notice up", () => {
  const noticed = ["/", "/services/home-watch"].filter((p) => !only || only.includes(p));
  beforeAll(async () => {
    if (noticed.length === 0) return;
    // Straight into the server's database, as another instance would; its poll renders the pages.
    const compressed = finishedCompressions();
    const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    try {
      await publishNotice(
        handle.db,
        {
          body: "After the nor'easter we are booking storm repairs first; for a leak, [call us](tel:609-555-0142).",
          tone: "urgent",
          startsAt: null,
          endsAt: null,
        },
        { email: "pat@causeway.test", client: null },
      );
    } finally {
      await handle.close();
    }
    for (let i = 0; i < 200 && !(await (await fetch(`${server.origin}/`)).text()).includes("storm repairs first"); i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await compressedAsBuilt(compressed);
  }, 60_000);

  for (const path of noticed)
    it(
      `${path} with a notice up passes Lighthouse (paints, blocking time, accessibility, best practices, SEO)`,
      () => judge(() => path, `${path} (notice)`, PUBLIC),
      5 * 60_000,
    );
});

/** The address of the article written on the desk for the written pages' audit. */
const NEW_ARTICLE = "checking-deck-footings-after-a-noreaster";

describe("Lighthouse on written pages the owner published", () => {
  const written = ["/services/decks-and-stairs", "/blog/drywall-patching-guide", `/blog/${NEW_ARTICLE}`].filter(
    (p) => !only || only.includes(p),
  );
  beforeAll(async () => {
    if (written.length === 0) return;
    // The decks page's first section and an article's step rewritten on the desk (a longer heading,
    // a list of items, the owner's photo at the top and in the gallery), published straight into the
    // server's database; its poll renders the pages.
    const compressed = finishedCompressions();
    const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    try {
      const decks = readPageFile(serviceFiles["decks-and-stairs"] ?? "");
      const words = {
        "w.sections.0.heading": "Decks in PVC, composite or wood for raised shore homes, built for storms",
      };
      // A camera's 12 MP photo behind the heading and in the gallery, made ready by the server's job.
      const photoId = crypto.randomUUID();
      await handle.db
        .insertInto("site_photos")
        .values({
          id: photoId,
          upload_key: crypto.randomUUID(),
          state: "waiting",
          original: await cameraLikePhoto(),
          original_format: "jpeg",
          uploaded_by: "pat@causeway.test",
          created_at: new Date().toISOString(),
        })
        .execute();
      for (let i = 0; i < 1200; i++) {
        const row = await handle.db
          .selectFrom("site_photos")
          .select("state")
          .where("id", "=", photoId)
          .executeTakeFirst();
        if (row?.state !== "waiting") break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const photo = ownerPhotoRef(photoId);
      const pictures = {
        ...pictureValues(decks.frontMatter),
        "p.sections.0.photo": photo,
        "p.sections.0.photoAlt": "A gray deck with white railings on a raised house by the bay",
        "p.sections.3.items.1.image": photo,
      };
      const service = servicePageMarkdown(decks.frontMatter, words, decks.questions, pictures);
      const article = articleValues(articleFiles["drywall-patching-guide"] ?? "", 0);
      const step = article.sections.find((section) => section.kind === "steps")?.items[0];
      if (step)
        step.text = `${step.text}\n\n- Move the furniture away\n- Take the outlet covers off\n- Lay a drop cloth`;
      const markdown = articleMarkdown(articleFiles["drywall-patching-guide"] ?? "", article, dayOf(new Date()));
      // A new article written on the desk, as long as the drywall guide, with the camera's photo on top.
      const fresh = {
        ...articleValues(articleFiles["drywall-patching-guide"] ?? "", 0),
        image: photo,
      };
      fresh.words = { ...fresh.words, title: "Checking Deck Footings After a Nor'easter", slug: NEW_ARTICLE };
      const day = dayOf(new Date());
      const newArticle = articleMarkdown(await newArticleFile(handle.db, day), fresh, day);
      for (const [kind, name, file] of [
        ["service", "decks-and-stairs", service],
        ["article", "drywall-patching-guide", markdown],
        ["article", NEW_ARTICLE, newArticle],
      ] as const) {
        const outcome = await publishSitePage(handle.db, null, { kind, name, markdown: file, basedOn: 0 });
        if (!outcome.ok) throw new Error(`${name} was not published: ${outcome.reason}`);
      }
    } finally {
      await handle.close();
    }
    for (
      let i = 0;
      i < 300 &&
      !(
        (await (await fetch(`${server.origin}/blog/drywall-patching-guide`)).text()).includes("Lay a drop cloth") &&
        (await (await fetch(`${server.origin}/blog`)).text()).includes(`/blog/${NEW_ARTICLE}`)
      );
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    await compressedAsBuilt(compressed);
  }, 60_000);

  for (const path of written)
    it(
      `${path} as published from the desk passes Lighthouse (paints, blocking time, accessibility, best practices, SEO)`,
      () => judge(() => path, `${path} (written)`, PUBLIC),
      5 * 60_000,
    );
});

describe("Lighthouse on the desk, signed in", () => {
  const desk = ["/owner", "/owner/leads/:id", "/owner/stats", "/owner/sign-in"].filter(
    (p) => !only || only.includes(p),
  );
  let cookie = "";
  let leadId = "";
  beforeAll(async () => {
    if (desk.length === 0) return;
    const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    try {
      // A season's worth of leads on the list, and the one the alert names with three photos.
      const day = 86_400_000;
      await insertLeads(
        handle.db,
        Array.from({ length: 40 }, (_, i) => ({
          name: `Homeowner ${i + 1}`,
          createdAt: new Date(Date.now() - (i + 1) * day),
          status: i % 3 === 0 ? "new" : "contacted",
          photos: i % 4,
        })),
      );
      leadId = await insertLead(handle.db, {
        name: "Morgan Bayview",
        description: "The storm lifted shingles on the north side; water stains on the bedroom ceiling.",
        photos: 3,
      });
      cookie = (await signedInOwner(handle.db, server.origin)).cookie;
    } finally {
      await handle.close();
    }
  }, 30_000);

  for (const path of desk)
    it(
      `${path} paints first ≤ 1.0 s and largest ≤ 1.3 s (performance printed)`,
      // The sign-in page is what an owner without a session sees; signed in, it forwards to the list.
      () =>
        path === "/owner/sign-in"
          ? judge(() => path, path, DESK)
          : judge(() => path.replace(":id", leadId), `${path} (signed in)`, DESK, cookie),
      10 * 60_000,
    );
});

describe("Lighthouse on /reviews with 50 reviews", () => {
  const wanted = !only || only.includes("/reviews");
  beforeAll(async () => {
    if (!wanted) return;
    const compressed = finishedCompressions();
    const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    try {
      await fiftyReviews(handle.db);
    } finally {
      await handle.close();
    }
    for (
      let i = 0;
      i < 300 && !(await (await fetch(`${server.origin}/reviews`)).text()).includes("Review number 50");
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    await compressedAsBuilt(compressed);
  }, 90_000);

  it.runIf(wanted)(
    "/reviews with 50 reviews: LCP ≤ 1.2 s, accessible and by the book (performance printed)",
    () => judge(() => "/reviews", "/reviews (50 reviews)", CROWDED),
    10 * 60_000,
  );
});

describe("Lighthouse with projects published", () => {
  const servicePage = "/services/decks-and-stairs";
  let projectPage = "";
  beforeAll(async () => {
    // Three projects with a camera's 12 MP photo as the cover, as the owner would publish them; the
    // server's own job processes the photos, then they are published straight into its database.
    let compressed = finishedCompressions();
    const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
    try {
      const photo = await cameraLikePhoto();
      const ids: string[] = [];
      for (const n of [1, 2, 3]) {
        const id = await createProject(
          handle.db,
          {
            title: `Rebuilt deck stairs number ${n}`,
            service: "decks-and-stairs",
            town: "Surf City",
            finished: `2026-0${n}`,
            story: "The stairs had rotted through after two winters of storms.\n\n- New stringers\n- Composite treads",
          },
          { email: "pat@causeway.test", client: null },
        );
        await handle.db
          .insertInto("project_photos")
          .values({
            id: `lighthouse-photo-${n}`,
            project_id: id,
            upload_key: `lighthouse-${n}`,
            position: 0,
            description: "The rebuilt stairs from the yard",
            label: null,
            is_cover: 1,
            state: "waiting",
            original: Buffer.concat([photo.subarray(0, 2), Buffer.from([0xff, 0xfe, 0, 3, n]), photo.subarray(2)]),
            original_format: "jpeg",
            created_at: new Date().toISOString(),
          })
          .execute();
        ids.push(id);
      }
      for (let i = 0; i < 3000; i++) {
        const waiting = await handle.db
          .selectFrom("project_photos")
          .select("id")
          .where("state", "=", "waiting")
          .execute();
        if (waiting.length === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      compressed = finishedCompressions();
      await handle.db.transaction().execute(async (trx) => {
        await trx
          .updateTable("projects")
          .set({ status: "published", ever_published: 1, published_at: new Date().toISOString() })
          .where("id", "in", ids)
          .execute();
        await markLiveChange(trx);
      });
      const slug = (
        await handle.db.selectFrom("projects").select("slug").orderBy("finished", "desc").executeTakeFirstOrThrow()
      ).slug;
      projectPage = `/projects/${slug}`;
    } finally {
      await handle.close();
    }
    for (let i = 0; i < 200 && (await fetch(`${server.origin}${projectPage}`)).status !== 200; i++)
      await new Promise((resolve) => setTimeout(resolve, 50));
    for (
      let i = 0;
      i < 200 && !(await (await fetch(`${server.origin}${servicePage}`)).text()).includes("Recent projects");
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    await compressedAsBuilt(compressed);
  }, 15 * 60_000);

  it(
    "a project page with a camera's 12 MP photo as its cover: LCP ≤ 1.2 s, ≤ 500 KB (performance printed)",
    () => judge(() => projectPage, "project page", PROJECT_PAGE),
    10 * 60_000,
  );
  it(
    "a service page with three projects: LCP ≤ 1.2 s",
    () => judge(() => servicePage, `${servicePage} (projects)`, PROJECTS),
    10 * 60_000,
  );
});
