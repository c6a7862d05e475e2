/**
 * The written pages' photos on SQLite and PostgreSQL, through the upload route and the background
 * job as the server runs them: a file that is no image is refused before anything is stored, an
 * upload sent again (or eight times at once) stores one photo, a camera's photo is made ready with
 * its files at the photos' widths, no GPS position and a phone copy within 18 KB, a photo that
 * cannot be read is refused with a reason, and a photo's files stay the owner's until a published
 * page shows it. The built server is tried in tests/system/site-photos.test.ts.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action as uploadAction, loader as uploadLoader } from "~/routes/owner.site-photos";
import { loader as fileLoader } from "~/routes/site-photo";
import { sitePhotoFileNames, sitePhotoPath, sitePhotoSources } from "~/site-pages/site-photo-paths";
import {
  markSitePhotosPublished,
  processNextSitePhoto,
  publishedSitePhotos,
  sitePhotosByIds,
} from "~/site-pages/site-photos.server";
import { backends, useHarness } from "../support/harness";
import { jpegWithGps, pdfBytes, smallJpeg } from "../support/images";
import { signedInOwner } from "../support/owner";
import { cameraLikePhoto } from "../support/project-photo";
import { argsFor as args, ORIGIN, photoForm, runRoute as run } from "../support/requests";

const PATH = "/owner/site/photos";

/** The post the editors' script sends (`sendDeskPhoto`): JSON wanted, the owner's cookie unless none. */
function upload(cookie: string | undefined, fields: Record<string, string>, data?: Buffer, json = true): Request {
  const headers: Record<string, string> = { Origin: ORIGIN };
  if (cookie) headers.cookie = cookie;
  if (json) headers.Accept = "application/json";
  return new Request(`${ORIGIN}${PATH}`, {
    method: "POST",
    body: photoForm(fields, data && { name: "IMG_0001.jpg", data }),
    headers,
  });
}

/** The action's answer, thrown or returned, with its JSON when it has some. */
async function send(request: Request): Promise<{ status: number; body: Record<string, unknown>; location: string }> {
  let answer: unknown;
  try {
    answer = await uploadAction(args<typeof uploadAction>(request));
  } catch (thrown) {
    answer = thrown;
  }
  if (!(answer instanceof Response)) throw new Error("the upload route answered without a Response");
  const isJson = (answer.headers.get("content-type") ?? "").includes("application/json");
  return {
    status: answer.status,
    body: isJson ? ((await answer.json()) as Record<string, unknown>) : {},
    location: answer.headers.get("location") ?? "",
  };
}

const fileAs = (name: string, cookie?: string) =>
  run(() =>
    fileLoader(
      args<typeof fileLoader>(new Request(`${ORIGIN}${sitePhotoPath(name)}`, { headers: cookie ? { cookie } : {} }), {
        name,
      }),
    ),
  );

describe.each(backends)("the written pages' photos on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });

  it("refuses a file that is no image, a post without its key and a stranger, storing nothing", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const notImage = await send(upload(cookie, { upload_key: randomUUID() }, pdfBytes));
    expect(notImage.status).toBe(415);
    expect(notImage.body).toMatchObject({ ok: false, field: "photo" });
    expect(String(notImage.body.error)).toMatch(/not a photo/);
    const keyFields: Record<string, string>[] = [
      {},
      { upload_key: "" },
      { upload_key: "photo 1" },
      { upload_key: randomUUID().toUpperCase() },
    ];
    for (const fields of keyFields) {
      const keyless = await send(upload(cookie, fields, await smallJpeg()));
      expect(keyless.status, JSON.stringify(fields)).toBe(400);
      expect(keyless.body).toMatchObject({ ok: false, field: "photo" });
    }
    expect((await send(upload(cookie, { upload_key: randomUUID() }))).status).toBe(400);
    // The script is told it was signed out; a form without it is sent to sign in.
    expect((await send(upload(undefined, { upload_key: randomUUID() }, await smallJpeg()))).status).toBe(401);
    const noScript = await send(upload(undefined, { upload_key: randomUUID() }, await smallJpeg(), false));
    expect(noScript.status).toBe(302);
    expect(noScript.location).toMatch(/^\/owner\/sign-in/);
    expect(await db.selectFrom("site_photos").select("id").execute()).toEqual([]);
    // A visit is sent to the Site page.
    const visit = await run(() => uploadLoader());
    expect([visit.status, visit.headers?.get("location")]).toEqual([303, "/owner/site"]);
  });

  it("stores one photo for an upload sent again, or eight times at once", async () => {
    const db = await harness().db();
    const { cookie, owner } = await signedInOwner(db, ORIGIN);
    const photo = await smallJpeg();
    const key = randomUUID();
    const first = await send(upload(cookie, { upload_key: key }, photo));
    expect(first).toMatchObject({
      status: 201,
      body: { ok: true, message: "Photo received: it is being made ready." },
    });
    const again = await send(upload(cookie, { upload_key: key }, photo));
    expect(again.status).toBe(200);
    expect(again.body.photoId).toBe(first.body.photoId);

    const burstKey = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 8 }, async () => send(upload(cookie, { upload_key: burstKey }, photo))),
    );
    expect(burst.map((b) => b.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(burst.map((b) => b.body.photoId)).size).toBe(1);
    const rows = await db.selectFrom("site_photos").select(["id", "state", "uploaded_by", "upload_key"]).execute();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.state === "waiting" && row.uploaded_by === owner.email)).toBe(true);
  });

  it("makes a camera's photo ready: files at the photos' widths without GPS, and a phone copy within 18 KB", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const photo = await cameraLikePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const sent = await send(upload(cookie, { upload_key: randomUUID() }, photo));
    const id = String(sent.body.photoId);
    expect(await processNextSitePhoto(db)).toMatchObject({ photoId: id, state: "ready" });
    expect(await processNextSitePhoto(db)).toBeUndefined();

    const stored = await db.selectFrom("site_photos").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.original).toBeNull();
    const [row] = await sitePhotosByIds(db, [id, randomUUID()]);
    expect(row).toMatchObject({ id, state: "ready", problem: null, width: 1920, height: 1440, published: false });
    const hash = row?.hash ?? "";
    const files = await db.selectFrom("site_photo_files").selectAll().orderBy("width").orderBy("format").execute();
    expect(files.map((f) => f.name)).toEqual(sitePhotoFileNames(hash, 1920).flatMap((n) => [n.avif, n.webp]));
    expect([...new Set(files.map((f) => f.width))]).toEqual([480, 640, 721, 828, 1080, 1280, 1920]);
    for (const file of files) {
      const meta = await sharp(Buffer.from(file.data)).metadata();
      expect(meta.exif, file.name).toBeUndefined();
      expect([meta.format === "heif" ? "avif" : meta.format, meta.width]).toEqual([file.format, file.width]);
      expect(file.bytes).toBe(file.data.length);
    }

    // The copy a phone draws: an 800-pixel AVIF within the two round trips' room, without metadata.
    const copy = row?.phoneCopy ?? "";
    expect(copy).toMatch(/^data:image\/avif;base64,[A-Za-z0-9+/]+=*$/);
    const bytes = Buffer.from(copy.slice(copy.indexOf(",") + 1), "base64");
    expect(bytes.length).toBeLessThanOrEqual(18 * 1024);
    const meta = await sharp(bytes).metadata();
    expect([meta.width, meta.height, meta.exif]).toEqual([800, 600, undefined]);

    // What a page's <picture> names is what was made.
    const sources = sitePhotoSources({ hash, width: 1920, height: 1440 });
    expect(sources.fallback).toBe(sitePhotoPath(`${hash}-1920.webp`));
    expect(sources.avif.split(", ")).toHaveLength(7);
  }, 120_000);

  it("refuses a photo that cannot be read once the job tries it, with a reason", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    // A JPEG whose header is whole: taken in, then found cut off when decoded.
    const whole = await sharp({
      create: {
        width: 640,
        height: 480,
        channels: 3,
        background: "#000",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const sent = await send(upload(cookie, { upload_key: randomUUID() }, whole.subarray(0, whole.length / 2)));
    expect(sent.status).toBe(201);
    expect(await processNextSitePhoto(db)).toMatchObject({ state: "refused" });
    expect(await sitePhotosByIds(db, [String(sent.body.photoId)])).toEqual([
      {
        id: sent.body.photoId,
        state: "refused",
        problem: "This photo could not be read. Choose another.",
        width: null,
        height: null,
        hash: null,
        phoneCopy: null,
        published: false,
      },
    ]);
    expect(await db.selectFrom("site_photos").select("original").execute()).toEqual([{ original: null }]);
    expect(await db.selectFrom("site_photo_files").select("name").execute()).toEqual([]);
  });

  it("shows a photo's files to the owner alone until a published page shows it, then to anyone, cached", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const sent = await send(upload(cookie, { upload_key: randomUUID() }, await jpegWithGps(1200, 900)));
    const waiting = await send(upload(cookie, { upload_key: randomUUID() }, await smallJpeg()));
    const id = String(sent.body.photoId);
    await processNextSitePhoto(db);
    const name = (await db.selectFrom("site_photo_files").select("name").orderBy("name").executeTakeFirstOrThrow())
      .name;

    expect((await fileAs(name)).status).toBe(404);
    const owner = await fileAs(name, cookie);
    expect(owner.status).toBe(200);
    expect(owner.headers?.get("cache-control")).toBe("private, no-store");
    for (const bad of ["../site.db", `${name}.png`, "0123456789abcdef-480.jpg", "nope"])
      expect((await fileAs(bad, cookie)).status, bad).toBe(404);

    // A page published with both: the one not yet made stays as it is.
    await markSitePhotosPublished(db, [id, String(waiting.body.photoId)]);
    await markSitePhotosPublished(db, []);
    expect((await publishedSitePhotos(db)).map((p) => [p.id, p.published])).toEqual([[id, true]]);
    const open = await fileAs(name);
    expect(open.status).toBe(200);
    expect(open.headers?.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(open.headers?.get("content-type")).toMatch(/^image\/(avif|webp)$/);
    expect((await sitePhotosByIds(db, [String(waiting.body.photoId)]))[0]?.published).toBe(false);
  });
});
