/**
 * The owner's photos on the written pages, on SQLite and PostgreSQL: a page naming a photo that is
 * not ready is refused and nothing stored; published with a ready one, the photo becomes public in
 * the same change and the live layer draws it on the service page (at the top with its phone copy,
 * in the gallery), on every instance that reads the snapshot; a photo gone from the database is
 * left out rather than breaking the page; the export writes the photo beside the build's pictures,
 * under the name the page gives it; and a photo no page showed and no draft names goes after a month.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ownerPhotoRef } from "~/content/owner-photos";
import { serviceFiles } from "~/content/service-pages.server";
import { factsSource } from "~/facts/facts-source.server";
import { installSnapshot, loadSnapshot } from "~/live/snapshot.server";
import { withOwnerPhotos } from "~/site-pages/page-photos.server";
import { pictureValues } from "~/site-pages/page-pictures";
import { readPageFile, servicePageMarkdown } from "~/site-pages/service-page-edits.server";
import { liveServicePage, livePhotos, sitePageSources } from "~/site-pages/site-pages-source.server";
import { publishSitePage } from "~/site-pages/site-pages-store.server";
import { processNextSitePhoto, sitePhotosByIds } from "~/site-pages/site-photos.server";
import { saveDraft } from "~/site-pages/page-drafts.server";
import { pruneUnusedSitePhotos, UNUSED_PHOTO_DAYS } from "~/site-pages/unused-photos.server";
import { runContentCommand } from "../../scripts/content";
import { backends, useHarness } from "../support/harness";
import { jpegWithGps } from "../support/images";

const actor = { email: "pat@causeway.test", client: null };
const DECKS = "decks-and-stairs";

/** The decks page with `photo` behind its heading and as its second gallery picture. */
function decksWith(photo: string): string {
  const file = readPageFile(serviceFiles[DECKS] ?? "");
  return servicePageMarkdown(file.frontMatter, {}, file.questions, {
    ...pictureValues(file.frontMatter),
    "p.sections.0.photo": photo,
    "p.sections.0.photoAlt": "A gray deck with white railings on a raised house",
    "p.sections.3.items.1.image": photo,
  });
}

describe.each(backends)("the owner's photos on a service page on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });
  afterEach(() => installSnapshot(undefined));

  async function waitingPhoto(): Promise<string> {
    const id = randomUUID();
    await (
      await harness().db()
    )
      .insertInto("site_photos")
      .values({
        id,
        upload_key: randomUUID(),
        state: "waiting",
        original: await jpegWithGps(1600, 1200),
        original_format: "jpeg",
        uploaded_by: actor.email,
        created_at: new Date().toISOString(),
      })
      .execute();
    return id;
  }

  it("are refused until ready, then published with the page and drawn from the snapshot", async () => {
    const db = await harness().db();
    const id = await waitingPhoto();
    const markdown = decksWith(ownerPhotoRef(id));
    const refused = await publishSitePage(db, actor, { kind: "service", name: DECKS, markdown, basedOn: 0 });
    expect(refused).toMatchObject({ ok: false, reason: "invalid" });
    expect(await db.selectFrom("site_page_versions").select("version").execute()).toEqual([]);

    expect(await processNextSitePhoto(db)).toMatchObject({ photoId: id, state: "ready" });
    expect((await sitePhotosByIds(db, [id]))[0]?.published).toBe(false);
    expect(await publishSitePage(db, actor, { kind: "service", name: DECKS, markdown, basedOn: 0 })).toEqual({
      ok: true,
      version: 1,
    });
    expect((await sitePhotosByIds(db, [id]))[0]?.published).toBe(true);

    installSnapshot(await loadSnapshot(db, [factsSource, ...sitePageSources], new Date()));
    const { page, photos } = withOwnerPhotos(liveServicePage(DECKS), livePhotos);
    const ref = ownerPhotoRef(id);
    expect(page.sections[0]).toMatchObject({ kind: "hero", photo: ref });
    expect(photos[ref]?.phoneCopy).toMatch(/^data:image\/avif;base64,/);
    expect(photos[ref]?.avif).toMatch(/^\/site-photos\/[0-9a-f]{16}-480\.avif 480w, /);
    const gallery = page.sections.find((s) => s.kind === "gallery");
    expect(gallery?.kind === "gallery" && gallery.items.map((item) => item.image)).toEqual([
      "gallery-decks-and-stairs-1",
      ref,
      "gallery-decks-and-stairs-3",
      "gallery-decks-and-stairs-4",
    ]);

    // Gone from the database by hand: the page draws the illustration and the other pictures.
    await db.deleteFrom("site_photos").where("id", "=", id).execute();
    installSnapshot(await loadSnapshot(db, [factsSource, ...sitePageSources], new Date()));
    const without = withOwnerPhotos(liveServicePage(DECKS), livePhotos).page;
    expect(without.sections[0]).not.toHaveProperty("photo");
    const left = without.sections.find((s) => s.kind === "gallery");
    expect(left?.kind === "gallery" && left.items).toHaveLength(3);
  });

  it("are written beside the build's pictures by the export", async () => {
    const db = await harness().db();
    const id = await waitingPhoto();
    await processNextSitePhoto(db);
    const markdown = decksWith(ownerPhotoRef(id));
    expect(await publishSitePage(db, actor, { kind: "service", name: DECKS, markdown, basedOn: 0 })).toMatchObject({
      ok: true,
    });
    const repo = await fs.mkdtemp(path.join(os.tmpdir(), "page-photos-export-"));
    try {
      const lines: string[] = [];
      const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
      expect(await runContentCommand(["export", "--to", repo], harness().env, io)).toBe(0);
      const relative = `images/src/${ownerPhotoRef(id)}.webp`;
      expect(lines.join("\n")).toContain(`Wrote ${relative}: a photo the page shows.`);
      const written = await fs.readFile(path.join(repo, relative));
      expect(written.subarray(0, 4).toString()).toBe("RIFF");
      expect(written.subarray(8, 12).toString()).toBe("WEBP");
      expect(await fs.readFile(path.join(repo, `app/content/services/${DECKS}.md`), "utf8")).toContain(
        `image: ${ownerPhotoRef(id)}`,
      );
    } finally {
      await fs.rm(repo, { recursive: true, force: true });
    }
  });

  it("are deleted a month after they were sent when no page showed them and no draft names them", async () => {
    const db = await harness().db();
    const [unused, drafted, shown, recent] = [
      await waitingPhoto(),
      await waitingPhoto(),
      await waitingPhoto(),
      await waitingPhoto(),
    ];
    for (let i = 0; i < 4; i++) await processNextSitePhoto(db);
    const sent = new Date("2026-01-05T12:00:00Z");
    await db
      .updateTable("site_photos")
      .set({ created_at: sent.toISOString() })
      .where("id", "in", [unused, drafted, shown])
      .execute();
    await db.updateTable("site_photos").set({ published: 1 }).where("id", "=", shown).execute();
    await saveDraft(db, actor, {
      kind: "service",
      name: DECKS,
      fields: { "p.sections.3.items.1.image": ownerPhotoRef(drafted) },
      basedOn: 0,
      revision: 0,
    });
    const files = async (id: string) =>
      (await db.selectFrom("site_photo_files").select("name").where("photo_id", "=", id).execute()).length;
    expect(await files(unused)).toBeGreaterThan(0);

    const day = 24 * 60 * 60 * 1000;
    expect(await pruneUnusedSitePhotos(db, new Date(sent.getTime() + (UNUSED_PHOTO_DAYS - 1) * day))).toBe(0);
    expect(await pruneUnusedSitePhotos(db, new Date(sent.getTime() + (UNUSED_PHOTO_DAYS + 1) * day))).toBe(1);
    const left = (await db.selectFrom("site_photos").select("id").execute()).map((row) => row.id);
    expect(left.sort()).toEqual([drafted, shown, recent].sort());
    expect(await files(unused)).toBe(0);
  });
});
