/**
 * The written pages' pictures replaced from the desk, against the built server: the owner sends a
 * camera's 12 MP photo to the site's photos, and the decks page's top and second gallery picture
 * name it, and an article's picture at the top. Published before the photo is ready, or with the
 * top's photo undescribed, or with a picture the page never had, it is refused at the field with
 * nothing stored. Published ready, the page draws the photo (at the top from the copy in its HTML),
 * on PostgreSQL on a second instance too, and the photo's files become public. A photo on no
 * published page stays the owner's. The article draws its photo at the top, on its card on /blog,
 * and names it in its structured data and social card.
 */
import { describe, expect, it } from "vitest";
import { serviceFiles } from "~/content/service-pages.server";
import { articleFiles } from "~/content/articles.server";
import { flatArticleValues } from "~/site-pages/article-form";
import { articleValues } from "~/site-pages/article-file.server";
import { flatValues } from "~/site-pages/faq-form";
import { pictureValues } from "~/site-pages/page-pictures";
import { pathOf, wordAt, wordGroups } from "~/site-pages/page-words";
import { readPageFile } from "~/site-pages/service-page-edits.server";
import { cameraLikePhoto } from "../support/project-photo";
import { builtSites, postgresForThisFile, stopAfterEachTest, waitFor, type BuiltSite } from "../support/system";

const site = builtSites(stopAfterEachTest(), postgresForThisFile());

const SLUG = "decks-and-stairs";
const EDITOR = `/owner/site/services/${SLUG}`;
const ALT = "A gray deck with white railings on a raised house by the bay";

/** The page's form as the editor draws it from the repository's file. */
function repositoryForm(): Record<string, string> {
  const file = readPageFile(serviceFiles[SLUG] ?? "");
  const words = Object.fromEntries(
    wordGroups(file.frontMatter).flatMap((g) =>
      g.fields.map((f) => [f.name, wordAt(file.frontMatter, pathOf(f.name)) ?? ""]),
    ),
  );
  return { ...words, ...pictureValues(file.frontMatter), ...flatValues({ basedOn: 0, questions: file.questions }) };
}

const post = (s: BuiltSite, body: BodyInit, path = EDITOR, headers: Record<string, string> = {}) =>
  fetch(`${s.origins[0] ?? ""}${path}`, {
    method: "POST",
    redirect: "manual",
    body,
    headers: { cookie: s.cookie, Origin: s.origins[0] ?? "", ...headers },
  });

const publish = (s: BuiltSite, changes: Record<string, string>) =>
  post(s, new URLSearchParams({ ...repositoryForm(), ...changes, intent: "publish" }));

async function sendPhoto(s: BuiltSite, key: string = crypto.randomUUID()): Promise<string> {
  const upload = new FormData();
  upload.set("upload_key", key);
  upload.set("photo", new File([new Uint8Array(await cameraLikePhoto())], "IMG_0412.jpg", { type: "image/jpeg" }));
  const sent = await post(s, upload, "/owner/site/photos", { accept: "application/json" });
  expect(sent.status).toBe(201);
  const body = (await sent.json()) as { photoId: string };
  return `photo-${body.photoId}`;
}

const versions = async (s: BuiltSite) =>
  (await s.db.selectFrom("site_page_versions").select("version").where("kind", "=", "service").execute()).length;

describe.each(["sqlite", "postgres"] as const)("a service page's photos on %s", (backend) => {
  it("publishes the camera's photo at the top and in the gallery once ready and described", async () => {
    // On PostgreSQL a second instance serves the page too, told of the change by the database.
    const s = await site(backend, backend === "postgres" ? 2 : 1);
    const origin = s.origins[0] ?? "";
    const second = s.origins.at(-1) ?? origin;
    const photo = await sendPhoto(s);
    const file = (await s.db.selectFrom("site_photos").select(["id", "state"]).executeTakeFirstOrThrow()).id;
    expect(photo).toBe(`photo-${file}`);

    // The editor shows the photo it names; a stranger learns nothing of it.
    const state = await fetch(`${origin}/owner/site/photos/${photo}`, { headers: { cookie: s.cookie } });
    expect(state.status).toBe(200);
    expect(((await state.json()) as { state: string }).state).toMatch(/^(waiting|ready)$/);
    expect((await fetch(`${origin}/owner/site/photos/${photo}`)).status).toBe(401);
    for (const other of [
      photo.toUpperCase(),
      `${photo}.jpg`,
      "photo-..%2F..%2Fsite.db",
      `photo-${crypto.randomUUID()}`,
    ]) {
      const answer = await fetch(`${origin}/owner/site/photos/${other}`, { headers: { cookie: s.cookie } });
      expect(answer.status, other).toBe(404);
      expect(await answer.text(), other).not.toContain(file);
    }
    const posted = await post(s, new URLSearchParams({ state: "ready" }), `/owner/site/photos/${photo}`);
    expect(posted.status).toBe(405);

    // A picture the page never had is not one the form can name.
    const foreign = await publish(s, { "p.sections.3.items.1.image": "gallery-carpentry-1" });
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("That picture is not one of the page&#x27;s. Choose a photo.");

    await waitFor(
      async () => (await s.db.selectFrom("site_photos").select("state").executeTakeFirstOrThrow()).state === "ready",
      120_000,
    );
    const ready = await fetch(`${origin}/owner/site/photos/${photo}`, { headers: { cookie: s.cookie } });
    const preview = (await ready.json()) as { state: string; thumbnail: string };
    expect(preview.state).toBe("ready");
    // Not on a published page yet: the owner may see its files, a stranger may not.
    expect((await fetch(`${origin}${preview.thumbnail}`, { headers: { cookie: s.cookie } })).status).toBe(200);
    expect((await fetch(`${origin}${preview.thumbnail}`)).status).toBe(404);

    const undescribed = await publish(s, { "p.sections.0.photo": photo, "p.sections.0.photoAlt": "" });
    expect(undescribed.status).toBe(400);
    expect(await undescribed.text()).toContain("Say in a sentence what the photo shows");
    expect(await versions(s)).toBe(0);

    const publishedAt = performance.now();
    const published = await publish(s, {
      "p.sections.0.photo": photo,
      "p.sections.0.photoAlt": ALT,
      "p.sections.3.items.1.image": photo,
    });
    expect(published.status).toBe(200);
    expect(await published.text()).toContain("Published version 1.");
    const stored = await s.db.selectFrom("site_page_versions").select("markdown").executeTakeFirstOrThrow();
    expect(stored.markdown).toContain(`photo: ${photo}`);
    expect(stored.markdown).toContain(`image: ${photo}`);

    const where = s.origins.length > 1 ? "a second instance" : "the instance";
    await waitFor(async () => (await (await fetch(`${second}/services/${SLUG}`)).text()).includes("/site-photos/"));
    console.log(
      `[service page photos ${backend}] publish to drawn on ${where}: ${Math.round(performance.now() - publishedAt)} ms`,
    );
    const html = await (await fetch(`${second}/services/${SLUG}`)).text();
    // The top's photo is the page's first picture: a phone draws it from the copy in the HTML.
    const top = html.slice(0, html.indexOf("</h1>"));
    expect(top).toMatch(/<source media="\(max-width: 480px\)" type="image\/avif" srcSet="data:image\/avif;base64,/);
    expect(top).toMatch(/\/site-photos\/[0-9a-f]{16}-\d+\.avif/);
    expect(html).toMatch(/<link rel="preload" as="image"[^>]*imageSrcSet="\/site-photos\//);
    const name = /\/site-photos\/([0-9a-f]{16}-\d+\.webp)/.exec(html)?.[1] ?? "";
    const public_ = await fetch(`${origin}/site-photos/${name}`);
    expect(public_.status).toBe(200);
    expect(public_.headers.get("cache-control")).toContain("immutable");
  }, 240_000);

  it("refuses a photo still being made ready, at its field, with nothing stored", async () => {
    const s = await site(backend);
    // A photo no instance will begin on for an hour, whatever the machine's speed.
    const id = crypto.randomUUID();
    await s.db
      .insertInto("site_photos")
      .values({
        id,
        upload_key: crypto.randomUUID(),
        state: "waiting",
        original: await cameraLikePhoto(),
        original_format: "jpeg",
        claimed_until: new Date(Date.now() + 60 * 60_000).toISOString(),
        uploaded_by: "pat@causeway.test",
        created_at: new Date().toISOString(),
      })
      .execute();
    const refused = await publish(s, { "p.sections.3.items.1.image": `photo-${id}` });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("This photo is still being made ready for the site.");
    const gone = await publish(s, { "p.sections.3.items.1.image": `photo-${crypto.randomUUID()}` });
    expect(gone.status).toBe(400);
    expect(await gone.text()).toContain("That photo is no longer kept. Choose it again.");
    expect(await versions(s)).toBe(0);
    expect((await s.db.selectFrom("site_photos").select("published").executeTakeFirstOrThrow()).published).toBe(0);
  }, 120_000);

  it("draws an article's photo at its top, on the blog's card, and in its structured data", async () => {
    const s = await site(backend);
    const origin = s.origins[0] ?? "";
    const slug = "drywall-patching-guide";
    const photo = await sendPhoto(s);
    const values = articleValues(articleFiles[slug] ?? "", 0);
    const editor = `/owner/site/articles/${slug}`;
    const publishArticle = (image: string) =>
      post(s, new URLSearchParams({ ...flatArticleValues({ ...values, image }), intent: "publish" }), editor);
    const foreign = await publishArticle("blog-off-season-home-watch-lbi");
    expect(foreign.status).toBe(400);
    expect(await foreign.text()).toContain("That picture is not one of the page&#x27;s. Choose a photo.");
    await waitFor(
      async () => (await s.db.selectFrom("site_photos").select("state").executeTakeFirstOrThrow()).state === "ready",
      120_000,
    );
    const published = await publishArticle(photo);
    expect(published.status).toBe(200);
    expect(await published.text()).toContain("Published version 1.");

    await waitFor(async () => (await (await fetch(`${origin}/blog/${slug}`)).text()).includes("/site-photos/"));
    const html = await (await fetch(`${origin}/blog/${slug}`)).text();
    const webp = /\/site-photos\/[0-9a-f]{16}-1920\.webp/.exec(html)?.[0] ?? "";
    expect(webp).not.toBe("");
    expect(html).toMatch(/<source media="\(max-width: 480px\)" type="image\/avif" srcSet="data:image\/avif;base64,/);
    const structured = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1] ?? "{}") as { "@type"?: string; image?: string },
    );
    expect(structured.find((d) => d["@type"] === "BlogPosting")?.image).toMatch(new RegExp(`${webp}$`));
    expect(html).toMatch(new RegExp(`<meta property="og:image" content="[^"]*${webp}"`));
    const blog = await (await fetch(`${origin}/blog`)).text();
    expect(blog).toContain(webp);
  }, 240_000);
});
