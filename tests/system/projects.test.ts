/**
 * Finished projects against the built server, without JavaScript from end to end (plain form
 * posts, as a phone with scripts off sends them): a draft, a photo processed by the server's own
 * background job, 'Publish', the page on a second instance, its structured data and sitemap entry,
 * the estimate request sent from it, then 'Unpublish' and the 410. Prints the time from a 12 MP
 * JPEG's upload to its files being ready, and from 'Publish' to the page on the second instance.
 */
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { startSession } from "~/owner/sessions.server";
import { cameraLikePhoto } from "../support/project-photo";
import { builtSites, postgresForThisFile, stopAfterEachTest, waitFor } from "../support/system";

const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();

const site = builtSites(stopAfterTest, postgres);

describe.each(["sqlite", "postgres"] as const)("projects on the built server, %s", (backend) => {
  it("goes from a draft to a public page and back to 410 without JavaScript, on every instance", async () => {
    // On PostgreSQL a second instance shares the database: the page must reach it too.
    const s = await site(backend, backend === "postgres" ? 2 : 1);
    const [origin = "", second = origin] = s.origins;
    const post = (path: string, body: URLSearchParams | FormData, headers: Record<string, string> = {}) =>
      fetch(`${origin}${path}`, {
        method: "POST",
        redirect: "manual",
        body,
        headers: { cookie: s.cookie, Origin: origin, ...headers },
      });

    // A foreign Origin and a stranger are refused, and nothing is stored.
    const draft = new URLSearchParams({
      intent: "save",
      // Markup typed by the owner is shown as text, in the page and in its structured data.
      title: "New cedar outdoor shower </script><b>",
      service: "outdoor-showers",
      town: "Harvey Cedars",
      finished: "2026-09",
      story:
        "The old shower leaked into the crawl space <img src=x onerror=alert(1)>.\n\n- Cedar walls\n- A new drain to code",
    });
    expect((await post("/owner/projects", draft, { Origin: "https://evil.example" })).status).toBe(403);
    const stranger = await fetch(`${origin}/owner/projects`, {
      method: "POST",
      redirect: "manual",
      body: draft,
      headers: { Origin: origin },
    });
    expect(stranger.headers.get("location") ?? "").toContain("/owner/sign-in");
    expect(await s.db.selectFrom("projects").select("id").execute()).toEqual([]);

    const created = await post("/owner/projects", draft);
    expect(created.status).toBe(302);
    const deskPath = (created.headers.get("location") ?? "").replace(/\?.*$/, "");
    expect(deskPath).toMatch(/^\/owner\/projects\/[0-9a-f-]{36}$/);
    expect((await fetch(`${origin}${deskPath}`, { headers: { cookie: s.cookie } })).status).toBe(200);

    // The photo, as a form without JavaScript sends it.
    const photo = await cameraLikePhoto();
    const upload = new FormData();
    upload.set("intent", "add-photo");
    upload.set("upload_key", "no-script-upload-1");
    upload.set("description", "The finished cedar shower beside the stairs");
    upload.set("label", "");
    upload.set("photo", new File([new Uint8Array(photo)], "IMG_0001.jpg", { type: "image/jpeg" }));
    const uploadStarted = performance.now();
    const uploaded = await post(deskPath, upload, { Origin: "https://evil.example" });
    expect(uploaded.status).toBe(403);
    const accepted = await post(deskPath, upload);
    expect(accepted.status).toBe(200);
    expect(await accepted.text()).toContain("Photo added.");
    const ready = async () =>
      (await s.db.selectFrom("project_photos").select("state").executeTakeFirst())?.state === "ready";
    await waitFor(ready, 120_000);
    const readyMs = performance.now() - uploadStarted;
    const files = await s.db.selectFrom("project_photo_files").select(["name", "bytes"]).orderBy("name").execute();
    console.log(
      `[projects ${backend}] 12 MP JPEG (${(photo.length / 1e6).toFixed(2)} MB) upload to ready: ${Math.round(readyMs)} ms; files: ${files
        .map((f) => `${f.name.replace(/^[0-9a-f]+-/, "")} ${(f.bytes / 1024).toFixed(1)} KB`)
        .join(", ")}`,
    );

    // Publish on the first instance, see it on the second.
    const publishedAt = performance.now();
    const published = await post(deskPath, new URLSearchParams({ intent: "publish" }));
    expect(published.status).toBe(200);
    const slug = (await s.db.selectFrom("projects").select("slug").executeTakeFirstOrThrow()).slug;
    const projectUrl = `/projects/${slug}`;
    const where = s.origins.length > 1 ? "a second instance" : "the instance";
    await waitFor(async () => (await fetch(`${second}${projectUrl}`)).status === 200);
    console.log(
      `[projects ${backend}] publish to visible on ${where}: ${Math.round(performance.now() - publishedAt)} ms`,
    );
    // Until that instance's render of the change is done, the page is rendered per request (with a
    // nonce); then it is served from memory with its script hashes.
    await waitFor(
      async () =>
        (await fetch(`${second}${projectUrl}`)).headers.get("content-security-policy")?.includes("'sha256-") ?? false,
      // Every public page is rendered again: seconds more on a machine shared by several builds.
      60_000,
    );
    console.log(
      `[projects ${backend}] publish to served from memory there: ${Math.round(performance.now() - publishedAt)} ms`,
    );
    const response = await fetch(`${second}${projectUrl}`);
    const html = await response.text();
    expect(response.headers.get("content-security-policy")).toContain("'sha256-");
    // The cover first: the first picture on the page is the project's.
    expect(html.indexOf("/projects/photos/")).toBeLessThan(html.indexOf("<h1"));
    expect(html).toContain('fetchpriority="high"');
    // The cover starts loading with the HTML: announced in the head with the picture's own AVIF
    // candidates (the widths phones draw it at among them), its sizes, at high priority.
    const head = html.slice(0, html.indexOf("</head>"));
    const preload = /<link rel="preload" as="image"[^>]*imageSrcSet="([^"]*\/projects\/photos\/[^"]*)"[^>]*>/i.exec(
      head,
    );
    expect(preload?.[0]).toMatch(/imageSizes="\(min-width: 1024px\) 1024px, 100vw"/i);
    expect(preload?.[0]).toMatch(/fetchPriority="high"/i);
    const coverAvif = /<source type="image\/avif" srcSet="([^"]+)"/i.exec(html.slice(html.indexOf("<body")))?.[1];
    expect(preload?.[1]).toBe(coverAvif);
    expect((coverAvif ?? "").match(/ \d+w/g)).toEqual([
      " 480w",
      " 640w",
      " 721w",
      " 828w",
      " 1080w",
      " 1280w",
      " 1920w",
    ]);
    // A public page loads the route table without the desk's routes.
    expect(html).toMatch(/import\("\/assets\/manifest-\w+-public\.js"\)/);
    expect(html).toContain("Get a free estimate for a project like this");
    expect(html).toContain('href="/services/outdoor-showers"');
    expect(html).toContain('href="/projects/town/harvey-cedars"');
    const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? "{}") as Record<string, unknown>,
    );
    const project = jsonLd.find((item) => item["@type"] === "CreativeWork");
    expect(project).toMatchObject({
      name: "New cedar outdoor shower </script><b>",
      locationCreated: { name: "Harvey Cedars" },
      about: { name: "Outdoor Showers" },
    });
    expect(html).not.toContain("<img src=x");
    expect(html).not.toContain("</script><b>");
    expect(html).toContain("crawl space &lt;img src=x onerror=alert(1)&gt;.");
    expect(html).toContain("New cedar outdoor shower &lt;/script&gt;&lt;b&gt;");
    const imageUrl = new URL((project?.image as { contentUrl: string }[])[0]?.contentUrl ?? "").pathname;
    const image = await fetch(`${second}${imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).exif).toBeUndefined();
    const sitemap = await (await fetch(`${second}/sitemap.xml`)).text();
    expect(sitemap).toMatch(new RegExp(`${projectUrl}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    expect(await (await fetch(`${second}/projects`)).text()).toContain(`href="${projectUrl}"`);
    expect(await (await fetch(`${second}/projects/service/outdoor-showers`)).text()).toContain(projectUrl);
    expect(await (await fetch(`${second}/services/outdoor-showers`)).text()).toContain("Recent projects");
    expect(await (await fetch(`${second}/`)).text()).toContain(projectUrl);

    // The estimate form on the page, sent without JavaScript, records the page as its source.
    const request = new FormData();
    for (const [name, value] of Object.entries({
      name: "Jo Visitor",
      email: "jo@example.com",
      phone: "609-555-0123",
      source_page: projectUrl,
    }))
      request.set(name, value);
    const sent = await fetch(`${second}/estimate`, { method: "POST", body: request, headers: { Origin: second } });
    expect(sent.status).toBe(200);
    expect(await s.db.selectFrom("leads").select("source_path").execute()).toEqual([{ source_path: projectUrl }]);

    // Unpublished: 410 with a link to /projects, out of the lists and the sitemap within 5 s.
    const unpublished = await post(deskPath, new URLSearchParams({ intent: "unpublish" }));
    expect(unpublished.status).toBe(200);
    const goneMs = await waitFor(async () => (await fetch(`${second}${projectUrl}`)).status === 410, 5_000);
    const gone = await (await fetch(`${second}${projectUrl}`)).text();
    expect(gone).toContain('href="/projects"');
    await waitFor(async () => !(await (await fetch(`${second}/sitemap.xml`)).text()).includes(projectUrl), 5_000);
    expect(await (await fetch(`${second}/projects`)).text()).not.toContain(projectUrl);
    expect(await (await fetch(`${second}/`)).text()).not.toContain(projectUrl);
    console.log(`[projects ${backend}] unpublish to 410 on ${where}: ${Math.round(goneMs)} ms`);

    // Deleting is asked twice; the address stays gone.
    const asked = await post(deskPath, new URLSearchParams({ intent: "delete" }));
    expect(await asked.text()).toContain("Yes, delete for good");
    expect(await s.db.selectFrom("projects").select("id").execute()).toHaveLength(1);
    const deleted = await post(deskPath, new URLSearchParams({ intent: "delete-confirmed" }));
    expect(deleted.status).toBe(302);
    expect(await s.db.selectFrom("project_photo_files").select("name").execute()).toEqual([]);
    expect((await fetch(`${second}${projectUrl}`)).status).toBe(410);
  }, 600_000);

  it("holds the photo upload against strangers, an ended session, other spellings, an oversized body and a parallel burst", async () => {
    const s = await site(backend);
    const [origin = ""] = s.origins;
    const created = await fetch(`${origin}/owner/projects`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: s.cookie, Origin: origin },
      body: new URLSearchParams({
        intent: "save",
        title: "Storm-proof windows",
        service: "andersen-windows",
        town: "Ship Bottom",
        finished: "2026-10",
        story: "Six windows replaced before the winter storms.",
      }),
    });
    const deskPath = (created.headers.get("location") ?? "").replace(/\?.*$/, "");
    const id = deskPath.split("/").at(-1) ?? "";
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const small = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#7aa" } })
      .jpeg()
      .toBuffer();
    const upload = (key: string, file: Buffer = small) => {
      const form = new FormData();
      form.set("intent", "add-photo");
      form.set("upload_key", key);
      form.set("description", "A new window in the bedroom");
      form.set("label", "");
      form.set("photo", new File([new Uint8Array(file)], "window.jpg", { type: "image/jpeg" }));
      return form;
    };
    const send = (path: string, form: FormData, headers: Record<string, string>) =>
      fetch(`${origin}${path}`, {
        method: "POST",
        redirect: "manual",
        body: form,
        headers: { Origin: origin, ...headers },
      });
    const stored = async () => (await s.db.selectFrom("project_photos").select(["id", "is_cover"]).execute()).length;

    // No session, under every spelling of both addresses that take a photo.
    const spellings = [`/owner/projects/${id}`, `/owner/projects/${id}/photos`].flatMap((path) => [
      path,
      path.toUpperCase().replace(id.toUpperCase(), id),
      `${path}/`,
      `/${path}`,
      path.replace("/projects/", "/%70rojects/"),
      `${path}.data`,
    ]);
    for (const path of spellings) {
      const answer = await send(path, upload(`stranger ${path}`), {});
      expect(answer.status, path).not.toBe(200);
      expect(answer.status, path).toBeLessThan(500);
    }
    expect(await stored()).toBe(0);

    // A session that has ended is refused (and forgotten); the owner signs in again.
    const ended = await s.db.selectFrom("owner_sessions").select(["id", "owner_id"]).executeTakeFirstOrThrow();
    await s.db
      .updateTable("owner_sessions")
      .set({ expires_at: new Date(Date.now() - 1_000).toISOString() })
      .where("id", "=", ended.id)
      .execute();
    const expired = await send(`/owner/projects/${id}/photos`, upload("after the end"), { cookie: s.cookie });
    expect([302, 401, 403]).toContain(expired.status);
    const cookie =
      (await startSession(s.db, new Request(`${origin}/owner`), ended.owner_id, "passkey")).split(";")[0] ?? "";
    const forged = await send(`/owner/projects/${id}/photos`, upload("forged"), {
      cookie,
      Origin: "https://evil.example",
    });
    expect(forged.status).toBe(403);
    expect(await stored()).toBe(0);

    // A body past the upload limit is cut off with a 413, not read into memory or stored.
    const oversized = await send(`/owner/projects/${id}/photos`, upload("too big", Buffer.alloc(31 * 1024 * 1024, 1)), {
      cookie,
    }).catch(() => undefined);
    if (oversized) expect(oversized.status).toBe(413);
    expect(await stored()).toBe(0);

    // Forty photos sent at the same instant: twelve are kept, one of them the cover, and every
    // other answer is the limit's message, never an error.
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        send(`/owner/projects/${id}/photos`, upload(`burst ${i}`), { cookie }).then((r) => r.status),
      ),
    );
    expect(burst.filter((status) => status >= 500)).toEqual([]);
    expect(burst.filter((status) => status === 200)).toHaveLength(12);
    const kept = await s.db.selectFrom("project_photos").select(["is_cover"]).execute();
    expect(kept).toHaveLength(12);
    expect(kept.filter((photo) => photo.is_cover === 1)).toHaveLength(1);
  }, 300_000);
});
