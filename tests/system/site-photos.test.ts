/**
 * The written pages' photo upload against the built server, as the editors' script sends it and as
 * an attacker would: a stranger at several spellings of the path, a foreign Origin, a file that is
 * no image, a body past the limit, a post without its key, and eight copies of one upload at the
 * same instant. Nothing is stored from a refusal, no refusal is a 500, the burst stores one photo,
 * and the server's own job makes it ready, its files the owner's alone until a page shows it.
 */
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { sitePhotoPath } from "~/site-pages/site-photo-paths";
import { builtSites, postgresForThisFile, stopAfterEachTest, waitFor } from "../support/system";

const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();
const site = builtSites(stopAfterTest, postgres);

const PATH = "/owner/site/photos";

describe.each(["sqlite", "postgres"] as const)("the written pages' photo upload on the built server, %s", (backend) => {
  it("refuses strangers, a foreign Origin, no image, an oversized body and no key; a burst stores one photo", async () => {
    const s = await site(backend);
    const [origin = ""] = s.origins;
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#7aa" } })
      .jpeg()
      .toBuffer();
    const form = (key: string | undefined, file: Buffer = small) => {
      const body = new FormData();
      if (key !== undefined) body.set("upload_key", key);
      body.set("photo", new File([new Uint8Array(file)], "porch.jpg", { type: "image/jpeg" }));
      return body;
    };
    /** As `sendDeskPhoto` posts: JSON wanted, the owner's cookie unless `headers` says otherwise. */
    const send = (body: FormData, headers: Record<string, string> = {}, path = PATH) =>
      fetch(`${origin}${path}`, {
        method: "POST",
        redirect: "manual",
        body,
        headers: { Origin: origin, Accept: "application/json", cookie: s.cookie, ...headers },
      });
    const stored = async () => (await s.db.selectFrom("site_photos").select("id").execute()).length;

    // No session: the script is told 401, a form without it is sent to sign in, at any spelling.
    expect((await send(form(randomUUID()), { cookie: "" })).status).toBe(401);
    const noScript = await send(form(randomUUID()), { cookie: "", Accept: "text/html" });
    expect(noScript.status).toBe(302);
    expect(noScript.headers.get("location") ?? "").toMatch(/^\/owner\/sign-in/);
    for (const path of [`${PATH}/`, "/Owner/Site/Photos", "/owner/site/%70hotos", `/${PATH}`, `${PATH}.data`]) {
      const answer = await send(form(randomUUID()), { cookie: "" }, path);
      expect([200, 201], path).not.toContain(answer.status);
      expect(answer.status, path).toBeLessThan(500);
    }
    // Another site's page posting with the owner's cookie.
    expect((await send(form(randomUUID()), { Origin: "https://evil.example" })).status).toBe(403);
    expect(await stored()).toBe(0);

    // The owner's mistakes, each in words the editor shows at the photo.
    const notImage = await send(form(randomUUID(), Buffer.from("%PDF-1.4\n%%EOF\n")));
    expect(notImage.status).toBe(415);
    expect(await notImage.json()).toMatchObject({ ok: false, field: "photo" });
    for (const key of [undefined, "", "not-a-key"]) {
      const keyless = await send(form(key));
      expect(keyless.status, String(key)).toBe(400);
      expect(await keyless.json()).toMatchObject({ ok: false, field: "photo" });
    }
    // A body past the upload limit is cut off with a 413, not read into memory or stored.
    const oversized = await send(form(randomUUID(), Buffer.alloc(31 * 1024 * 1024, 1))).catch(() => undefined);
    if (oversized) expect(oversized.status).toBe(413);
    expect(await stored()).toBe(0);

    // Eight copies of one upload at the same instant, as retries over a bad connection may land.
    const key = randomUUID();
    const burst = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const answer = await send(form(key));
        return { status: answer.status, body: (await answer.json()) as { ok: boolean; photoId?: string } };
      }),
    );
    expect(burst.map((b) => b.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
    expect(new Set(burst.map((b) => b.body.photoId)).size).toBe(1);
    expect(await stored()).toBe(1);

    // The server's own job makes it ready; its files are the owner's until a published page shows it.
    await waitFor(
      async () => (await s.db.selectFrom("site_photos").select("state").executeTakeFirst())?.state === "ready",
      30_000,
    );
    const file = await s.db.selectFrom("site_photo_files").select("name").executeTakeFirstOrThrow();
    expect((await fetch(`${origin}${sitePhotoPath(file.name)}`)).status).toBe(404);
    const owner = await fetch(`${origin}${sitePhotoPath(file.name)}`, { headers: { cookie: s.cookie } });
    expect(owner.status).toBe(200);
    expect(owner.headers.get("cache-control")).toBe("private, no-store");
    const visit = await fetch(`${origin}${PATH}`, { redirect: "manual", headers: { cookie: s.cookie } });
    expect([visit.status, visit.headers.get("location")]).toEqual([303, "/owner/site"]);
  }, 300_000);
});
