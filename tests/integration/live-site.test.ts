/**
 * The live layer on SQLite and PostgreSQL: what the owner publishes reaches the pages an instance
 * serves once per change, leaves them when its time ends, and with nothing published the build's
 * own bytes are served. Pages are rendered here by a small stand-in for the server build that
 * shows the snapshot; the built server is tried in tests/system/live-site.test.ts.
 */
import zlib from "node:zlib";
import { describe, expect, it } from "vitest";
import { addClosedDay } from "~/closed-days/closed-days.server";
import { closedDaysSource } from "~/closed-days/closed-days-source.server";
import { FINISHED_BROTLI_QUALITY, startLiveSite, type LiveSite } from "~/live/live-site.server";
import type { RenderRequest } from "~/live/render-page.server";
import { readLive } from "~/live/snapshot.server";
import { readLiveVersion } from "~/live/version.server";
import { noticeSource } from "~/notices/notice-source.server";
import { currentNotice, listNotices, publishNotice, removeNotice } from "~/notices/notices.server";
import { expectErrorOutput } from "../support/console-trap";
import { backends, useHarness } from "../support/harness";

const actor = { email: "pat@causeway.test", client: "203.0.113.9" };
const MINUTE = 60_000;

/** A page showing the snapshot, with one inline script as the real pages have. */
function pageHtml(): string {
  const notice = readLive(noticeSource);
  const closed = readLive(closedDaysSource).today;
  return `<!DOCTYPE html><html><head><script>window.x=1</script></head><body>${notice ? `<div role="region">${notice.parts.map((p) => p.text).join("")}</div>` : ""}${closed ? `<p>Closed today: ${closed}</p>` : ""}<main>Page</main></body></html>`;
}

const renderer =
  (failing = new Set<string>()): RenderRequest =>
  async (request) => {
    const path = new URL(request.url).pathname;
    if (failing.has(path)) return new Response("broken", { status: 500 });
    if (path.endsWith(".data"))
      return new Response(JSON.stringify({ notice: readLive(noticeSource) }), {
        headers: { "Content-Type": "text/x-script" },
      });
    return new Response(pageHtml(), { headers: { "Content-Type": "text/html; charset=utf-8" } });
  };

describe.each(backends)("the live site on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  async function liveSite(options: { now?: () => Date; failing?: Set<string> } = {}): Promise<LiveSite> {
    const db = await harness().db();
    // What the build made: the same pages with nothing published.
    const empty = new Map<string, Buffer>();
    const site = startLiveSite({
      db,
      render: renderer(options.failing),
      sources: [noticeSource, closedDaysSource],
      pages: ["/", "/services"],
      resources: [],
      builtBody: (path) => empty.get(path),
      chatOrigin: "",
      now: options.now,
    });
    for (const path of ["/", "/services"]) {
      empty.set(path, Buffer.from(pageHtml()));
      empty.set(path === "/" ? "/_root.data" : `${path}.data`, Buffer.from(JSON.stringify({ notice: null })));
    }
    return site;
  }

  it("serves the build's bytes until something is published, then every page once per change", async () => {
    const db = await harness().db();
    const site = await liveSite();
    try {
      expect(await site.refresh()).toBe("build");
      expect(site.file("/")).toBeUndefined();
      const before = await readLiveVersion(db);
      await publishNotice(db, { body: "Closed <b>Thursday</b>", tone: "info", startsAt: null, endsAt: null }, actor);
      expect(await readLiveVersion(db)).toBe(before + 1);
      // A publish in this process has started the render already; this waits for it.
      await site.refresh();
      for (const path of ["/", "/services"]) {
        const page = site.file(path);
        expect(page?.variants.get("identity")?.body.toString()).toContain("Closed <b>Thursday</b>");
        // Compressed once, and allowed to run exactly its own inline script.
        expect([...(page?.variants.keys() ?? [])].sort()).toEqual(["br", "gzip", "identity"].sort());
        expect(page?.headers?.["Content-Security-Policy"]).toContain("'sha256-");
        expect(page?.cacheControl).toBe("public, max-age=0, must-revalidate");
      }
      expect(site.file("/_root.data")?.variants.get("identity")?.body.toString()).toContain("Thursday");
      // Served at once from a quick compression, then compressed again as the build does.
      await site.finished();
      for (const path of ["/", "/services", "/_root.data"]) {
        const file = site.file(path);
        const body = file?.variants.get("identity")?.body ?? Buffer.alloc(0);
        const best = zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
            [zlib.constants.BROTLI_PARAM_QUALITY]: FINISHED_BROTLI_QUALITY,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        });
        expect(file?.variants.get("br")?.body.equals(best)).toBe(true);
      }
      // Nothing changed: nothing is rendered again.
      expect(await site.refresh()).toBe("current");
      expect(await removeNotice(db, actor)).toBe(true);
      await site.refresh();
      expect(site.file("/")).toBeUndefined();
      expect(await removeNotice(db, actor)).toBe(false);
    } finally {
      await site.stop();
    }
  });

  it("shows a notice from its start to its end by itself, with no publish in between", async () => {
    const db = await harness().db();
    let now = new Date();
    const startsAt = new Date(now.getTime() + 10 * MINUTE);
    const endsAt = new Date(now.getTime() + 70 * MINUTE);
    await publishNotice(db, { body: "Storm repairs first", tone: "urgent", startsAt, endsAt }, actor, now);
    const site = await liveSite({ now: () => now });
    try {
      expect(await site.refresh()).toBe("build");
      now = new Date(startsAt.getTime() + 1);
      expect(await site.refresh()).toBe("rendered");
      expect(site.file("/")?.variants.get("identity")?.body.toString()).toContain("Storm repairs first");
      now = new Date(endsAt.getTime() + 1);
      expect(await site.refresh()).toBe("build");
      expect(site.file("/")).toBeUndefined();
      expect(await currentNotice(db, now)).toBeUndefined();
    } finally {
      await site.stop();
    }
  });

  it("records who published and who removed each notice; a new one ends the one before", async () => {
    const db = await harness().db();
    await db.deleteFrom("site_notices").execute();
    await db.deleteFrom("owner_audit").execute();
    await publishNotice(db, { body: "First", tone: "info", startsAt: null, endsAt: null }, actor);
    await publishNotice(
      db,
      { body: "Second", tone: "info", startsAt: null, endsAt: null },
      { ...actor, email: "sam@causeway.test" },
    );
    const [second, first] = await listNotices(db);
    expect(second).toMatchObject({ body: "Second", publishedBy: "sam@causeway.test", removedAt: null });
    expect(first).toMatchObject({ body: "First", publishedBy: actor.email, removedBy: "sam@causeway.test" });
    const audit = await db
      .selectFrom("owner_audit")
      .select(["action", "actor"])
      .where("action", "like", "notice-%")
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["notice-published", "notice-published"]);
    await removeNotice(db, actor);
  });

  it("shows today's closure and the ones ahead, and renders again at midnight", async () => {
    const db = await harness().db();
    // Wednesday, November 25, 2026, 10:00 in New Jersey.
    let now = new Date("2026-11-25T15:00:00Z");
    await addClosedDay(db, { firstDay: "2026-11-26", lastDay: "", label: "Thanksgiving" }, actor, now);
    await addClosedDay(db, { firstDay: "2027-03-01", lastDay: "2027-03-02", label: "Too far ahead" }, actor, now);
    const site = await liveSite({ now: () => now });
    try {
      expect(await site.refresh()).toBe("rendered");
      // This page shows only today's closure, so it is still the build's (the real home page lists the
      // ones ahead in its structured data).
      expect(site.file("/")).toBeUndefined();
      expect(readLive(closedDaysSource)).toEqual({
        today: null,
        upcoming: [{ firstDay: "2026-11-26", lastDay: "2026-11-26", label: "Thanksgiving" }],
      });
      // Midnight in New Jersey is 05:00 UTC in November.
      now = new Date("2026-11-26T05:00:01Z");
      expect(await site.refresh()).toBe("rendered");
      expect(site.file("/")?.variants.get("identity")?.body.toString()).toContain("Closed today: Thanksgiving");
    } finally {
      await site.stop();
      await db.deleteFrom("closed_days").execute();
    }
  });

  it("keeps the previous version of a page whose render fails", async () => {
    const db = await harness().db();
    const failing = new Set<string>();
    const site = await liveSite({ failing });
    expectErrorOutput(/live page could not be rendered.*answered 500/);
    try {
      await publishNotice(db, { body: "Version one", tone: "info", startsAt: null, endsAt: null }, actor);
      await site.refresh();
      failing.add("/services/");
      await publishNotice(db, { body: "Version two", tone: "info", startsAt: null, endsAt: null }, actor);
      await site.refresh();
      expect(site.file("/")?.variants.get("identity")?.body.toString()).toContain("Version two");
      expect(site.file("/services")?.variants.get("identity")?.body.toString()).toContain("Version one");
    } finally {
      await site.stop();
      await removeNotice(db, actor);
    }
  });
});
