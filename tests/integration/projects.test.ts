/**
 * Finished projects on SQLite and PostgreSQL, through the desk's route modules and the background
 * job as the server runs them: a photo's GPS position never reaches the site, an image too large in
 * pixels is refused before it is decoded, a title, town, story, photo description or page address
 * naming the won lead's street or homeowner is refused when saved and when publishing, a
 * description holding a hidden character is refused, publishing waits for the photos and happens
 * once under a burst, and a project taken down answers 410 and leaves the lists and the sitemap.
 * The built server is tried in tests/system/projects.test.ts.
 */
import sharp from "sharp";
import type { Kysely } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { installSnapshot, loadSnapshot } from "~/live/snapshot.server";
import { readLiveVersion } from "~/live/version.server";
import { processNextPhoto, processWaitingPhotos } from "~/projects/project-photos.server";
import { projectsSource } from "~/projects/projects-source.server";
import { deleteProject, publishProject, unpublishProject } from "~/projects/projects.server";
import { action as projectAction, loader as projectDeskLoader } from "~/routes/owner.project";
import { action as photosAction } from "~/routes/owner.project-photos";
import { action as newProjectAction, loader as projectsDeskLoader } from "~/routes/owner.projects";
import { loader as publicProjectLoader } from "~/routes/project";
import { loader as photoLoader } from "~/routes/project-photo";
import { loader as listLoader } from "~/routes/projects";
import { sitemapXml } from "~/seo/sitemap.server";
import { backends, useHarness } from "../support/harness";
import { bilevelPng, jpegWithGps, smallJpeg } from "../support/images";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { argsFor as args, ORIGIN, photoForm as form, runRoute as run } from "../support/requests";

const actor = { email: "pat@causeway.test", client: null };

const deskPost = (path: string, cookie: string, body: FormData | URLSearchParams) =>
  new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { cookie, Origin: ORIGIN } });

const fields = {
  title: "Rebuilt deck stairs with a landing",
  service: "decks-and-stairs",
  town: "Surf City",
  finished: "2026-10",
  story: "The stairs had rotted after two storms.\n\n- New pressure-treated stringers\n- Composite treads",
};

describe.each(backends)("projects on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });
  afterEach(() => installSnapshot(undefined));

  async function newProject(db: Kysely<Database>, cookie: string, extra: Record<string, string> = {}): Promise<string> {
    const answer = await run(() =>
      newProjectAction(
        args<typeof newProjectAction>(
          deskPost("/owner/projects", cookie, new URLSearchParams({ intent: "save", ...fields, ...extra })),
        ),
      ),
    );
    expect(answer.status).toBe(302);
    const id = answer.headers?.get("location")?.match(/\/owner\/projects\/([^?]+)/)?.[1];
    if (!id) throw new Error("no project made");
    expect(await db.selectFrom("projects").select("status").where("id", "=", id).executeTakeFirst()).toEqual({
      status: "draft",
    });
    return id;
  }

  const addPhoto = (cookie: string, id: string, data: Buffer, extra: Record<string, string> = {}) =>
    run(() =>
      projectAction(
        args<typeof projectAction>(
          deskPost(
            `/owner/projects/${id}`,
            cookie,
            form(
              { intent: "add-photo", description: "The new stairs", label: "", ...extra },
              { name: "stairs.jpg", data },
            ),
          ),
          { id },
        ),
      ),
    );

  /** A desk form on a project: its photo forms post to the photos' route, the others to the page. */
  const editProject = (cookie: string, id: string, body: Record<string, string>) =>
    run(() =>
      ["describe-photo", "cover", "remove-photo"].includes(body.intent ?? "")
        ? photosAction(args<typeof photosAction>(deskPost(`/owner/projects/${id}/photos`, cookie, form(body)), { id }))
        : projectAction(args<typeof projectAction>(deskPost(`/owner/projects/${id}`, cookie, form(body)), { id })),
    );

  async function snapshotNow(db: Kysely<Database>) {
    installSnapshot(await loadSnapshot(db, [projectsSource], new Date()));
  }

  it("takes a phone photo's GPS position out, and makes AVIF and WebP at several widths", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const id = await newProject(db, cookie);
    const photo = await jpegWithGps(3000, 2000);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    expect((await addPhoto(cookie, id, photo)).status).toBe(200);
    // Nothing is decoded on the request: it waits, as sent, for the background job.
    const waiting = await db.selectFrom("project_photos").select(["state", "original"]).execute();
    expect(waiting.map((w) => w.state)).toEqual(["waiting"]);
    expect(await processNextPhoto(db)).toMatchObject({ state: "ready" });
    const photoRow = await db.selectFrom("project_photos").selectAll().executeTakeFirstOrThrow();
    expect(photoRow.original).toBeNull();
    // Upright: orientation 6 turns 3000 × 2000 into a portrait, at most 1920 high.
    expect([photoRow.width, photoRow.height]).toEqual([1280, 1920]);
    const files = await db.selectFrom("project_photo_files").selectAll().orderBy("name").execute();
    expect(new Set(files.map((f) => f.format))).toEqual(new Set(["avif", "webp"]));
    // Widths a phone draws a full-width photo at (320, 360, 375 and 412 px wide at 1.75× to 3×), then the photo's own.
    expect([...new Set(files.map((f) => f.width))].sort((x, y) => x - y)).toEqual([480, 640, 721, 828, 1080, 1280]);
    for (const file of files) {
      const meta = await sharp(Buffer.from(file.data)).metadata();
      expect(meta.exif, file.name).toBeUndefined();
      expect(meta.width).toBe(file.width);
      expect(file.name).toMatch(new RegExp(`^${photoRow.hash}-${file.width}\\.${file.format}$`));
    }
    // A draft's photo is the owner's alone.
    const name = files[0]?.name ?? "";
    const stranger = await run(() =>
      photoLoader(args<typeof photoLoader>(new Request(`${ORIGIN}/projects/photos/${name}`), { name })),
    );
    expect(stranger.status).toBe(404);
    const owner = await run(() =>
      photoLoader(
        args<typeof photoLoader>(new Request(`${ORIGIN}/projects/photos/${name}`, { headers: { cookie } }), { name }),
      ),
    );
    expect(owner.status).toBe(200);
    expect(owner.headers?.get("cache-control")).toBe("private, no-store");
    expect(await publishProject(db, id, actor)).toBe("published");
    const open = await run(() =>
      photoLoader(args<typeof photoLoader>(new Request(`${ORIGIN}/projects/photos/${name}`), { name })),
    );
    expect(open.headers?.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("refuses a 16383 × 16383 PNG before decoding it, and stores nothing", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const id = await newProject(db, cookie);
    const answer = await addPhoto(cookie, id, bilevelPng(16383, 16383));
    expect(answer.status).toBe(413);
    expect(JSON.stringify(answer.body)).toContain("too large in pixels");
    expect(await db.selectFrom("project_photos").select("id").execute()).toEqual([]);
    // A photo without a description is refused at its field; so is a file that is no image.
    const undescribed = await addPhoto(cookie, id, await smallJpeg(), { description: " " });
    expect(undescribed.status).toBe(400);
    expect(JSON.stringify(undescribed.body)).toContain("Describe the photo");
    const pdf = await addPhoto(cookie, id, Buffer.from("%PDF-1.4 not a photo"));
    expect(pdf.status).toBe(415);
    expect(await db.selectFrom("project_photos").select("id").execute()).toEqual([]);
  });

  it("starts from a won lead with its service and town only, and refuses a story naming its street or surname", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const leadId = await insertLead(db, {
      name: "Margaret Hollister",
      address: "27 West 24th Street, Ship Bottom, NJ 08008",
      status: "won",
      sourcePath: "/bathroom",
    });
    const start = await run(() =>
      projectsDeskLoader(
        args<typeof projectsDeskLoader>(
          new Request(`${ORIGIN}/owner/projects?lead=${leadId}`, { headers: { cookie } }),
        ),
      ),
    );
    expect(start.status).toBe(200);
    const shown = JSON.stringify(start.body);
    expect(shown).toContain('"service":"bathroom-renovations"');
    expect(shown).toContain('"town":"Ship Bottom"');
    expect(shown).not.toMatch(/Hollister|24th|West 24/i);

    const post = (story: string) =>
      run(() =>
        newProjectAction(
          args<typeof newProjectAction>(
            deskPost(
              "/owner/projects",
              cookie,
              new URLSearchParams({
                intent: "save",
                ...fields,
                service: "bathroom-renovations",
                town: "Ship Bottom",
                story,
                leadId,
              }),
            ),
          ),
        ),
      );
    const withAddress = await post("A full bathroom at 27 West 24th Street, done in three weeks.");
    expect(withAddress.status).toBe(400);
    expect(JSON.stringify(withAddress.body)).toContain("street address");
    const spelledOtherwise = await post("The bath at 27 west 24th st. was tiled floor to ceiling.");
    expect(spelledOtherwise.status).toBe(400);
    const withName = await post("The HOLLISTER family wanted a walk-in shower.");
    expect(withName.status).toBe(400);
    expect(JSON.stringify(withName.body)).toContain("(“Hollister”)");
    expect(await db.selectFrom("projects").select("id").execute()).toEqual([]);
    expect((await post("A walk-in shower with a bench and a niche.")).status).toBe(302);

    // A lead that is not Won starts nothing.
    const openLead = await insertLead(db, { status: "new" });
    const refused = await run(() =>
      newProjectAction(
        args<typeof newProjectAction>(
          deskPost("/owner/projects", cookie, new URLSearchParams({ intent: "save", ...fields, leadId: openLead })),
        ),
      ),
    );
    expect(refused.status).toBe(404);
  });

  it("refuses a description, a title or a town naming the won lead 'John Smith Jr.' of '12 Ocean Ave', and publishes none that does", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const leadId = await insertLead(db, {
      name: "John Smith Jr.",
      address: "12 Ocean Ave, Surf City, NJ",
      status: "won",
    });
    const id = await newProject(db, cookie, { leadId });
    const photos = () =>
      db.selectFrom("project_photos").select(["id", "description"]).where("project_id", "=", id).execute();
    const street = "The description names the homeowner's street address. Take it out: the page may only say the town.";
    const smith = "(“Smith”). Take the name out: projects never say whose house it was.";

    // At upload: refused at the description's field, nothing stored.
    const live = await addPhoto(cookie, id, await smallJpeg(), {
      description: "The Smith family deck at 12 Ocean Ave",
    });
    expect(live.status).toBe(400);
    expect(live.body).toMatchObject({ errors: { description: street } });
    for (const description of ["The deck on Ocean Avenue", "The Smith family deck", "The Smiths' new deck"]) {
      const refused = await addPhoto(cookie, id, await smallJpeg(), { description });
      expect(refused.status, description).toBe(400);
      expect(JSON.stringify(refused.body), description).toMatch(/names the homeowner/);
    }
    expect(await photos()).toEqual([]);

    // At edit: refused, and the description kept as it was.
    expect((await addPhoto(cookie, id, await smallJpeg(), { description: "The new deck stairs" })).status).toBe(200);
    const [photo] = await photos();
    if (!photo) throw new Error("a photo expected");
    const edit = (body: Record<string, string>) => editProject(cookie, id, body);
    const renamed = await edit({ intent: "describe-photo", photoId: photo.id, description: "SMITH deck", label: "" });
    expect(renamed.status).toBe(400);
    expect(renamed.body).toMatchObject({ errors: { form: `The description names the homeowner ${smith}` } });
    expect(
      (await edit({ intent: "describe-photo", photoId: photo.id, description: "From ocean ave.", label: "" })).status,
    ).toBe(400);
    expect(await photos()).toEqual([{ id: photo.id, description: "The new deck stairs" }]);

    // The title and the town, which make the page's address, are held to the same rule.
    const save = (extra: Record<string, string>) => edit({ intent: "save", ...fields, ...extra });
    const titled = await save({ title: "The Smith family deck" });
    expect(titled.status).toBe(400);
    expect(titled.body).toMatchObject({ errors: { title: `The title names the homeowner ${smith}` } });
    const town = await save({ town: "12 Ocean Ave, Surf City" });
    expect(town.status).toBe(400);
    expect(town.body).toMatchObject({
      errors: { town: expect.stringContaining("The town names the homeowner's street") },
    });

    // What was saved before these rules is caught when publishing: nothing goes public while it names them.
    await processWaitingPhotos(db);
    const publish = () => edit({ intent: "publish" });
    const version = await readLiveVersion(db);
    await db
      .updateTable("project_photos")
      .set({ description: "The Smith family deck at 12 Ocean Ave" })
      .where("id", "=", photo.id)
      .execute();
    const withDescription = await publish();
    expect(withDescription.status).toBe(409);
    expect(withDescription.body).toMatchObject({
      errors: {
        form: "The description of photo 1 names the homeowner's street address. Take it out: the page may only say the town.",
      },
    });
    await db
      .updateTable("project_photos")
      .set({ description: "The new deck stairs" })
      .where("id", "=", photo.id)
      .execute();
    await db
      .updateTable("projects")
      .set({ story: "Built for John, who wanted wider treads." })
      .where("id", "=", id)
      .execute();
    expect((await publish()).body).toMatchObject({
      errors: {
        form: "The story names the homeowner (“John”). Take the name out: projects never say whose house it was.",
      },
    });
    await db
      .updateTable("projects")
      .set({ story: fields.story, slug: "smith-deck-surf-city" })
      .where("id", "=", id)
      .execute();
    const withAddress = await publish();
    expect(withAddress.status).toBe(409);
    expect(withAddress.body).toMatchObject({
      errors: {
        form: expect.stringMatching(
          /^The page's address, made from the title and town, names the homeowner \(“Smith”\)/,
        ) as unknown,
      },
    });
    expect(await db.selectFrom("projects").select("status").where("id", "=", id).executeTakeFirst()).toEqual({
      status: "draft",
    });
    expect(await readLiveVersion(db)).toBe(version);

    // Saving gives it an address made from its title; then it may be published.
    expect((await save({})).status).toBe(200);
    const slug = () => db.selectFrom("projects").select("slug").where("id", "=", id).executeTakeFirstOrThrow();
    expect((await slug()).slug).toBe("rebuilt-deck-stairs-with-a-landing-surf-city");
    expect((await publish()).status).toBe(200);

    // A published address that names them is not kept either: it gives way to one from the title, and answers 410.
    await db.updateTable("projects").set({ slug: "smith-deck-surf-city" }).where("id", "=", id).execute();
    expect((await save({})).status).toBe(200);
    expect((await slug()).slug).toBe("rebuilt-deck-stairs-with-a-landing-surf-city");
    expect(await db.selectFrom("gone_projects").select("slug").execute()).toEqual([{ slug: "smith-deck-surf-city" }]);
  });

  it("refuses a photo description holding a zero-width space, at upload and at edit, naming the field", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const id = await newProject(db, cookie);
    const message =
      "The description holds a zero-width character (U+200B) that would not show on screen. Type it again without it.";
    const uploaded = await addPhoto(cookie, id, await smallJpeg(), { description: "Rotten\u200b treads" });
    expect(uploaded.status).toBe(400);
    expect(uploaded.body).toMatchObject({ errors: { description: message } });
    expect(await db.selectFrom("project_photos").select("id").execute()).toEqual([]);

    expect((await addPhoto(cookie, id, await smallJpeg(), { description: "Rotten treads" })).status).toBe(200);
    const photo = await db.selectFrom("project_photos").select("id").executeTakeFirstOrThrow();
    const edited = await editProject(cookie, id, {
      intent: "describe-photo",
      photoId: photo.id,
      description: "New\u200b treads",
      label: "",
    });
    expect(edited.status).toBe(400);
    expect(edited.body).toMatchObject({ errors: { form: message } });
    expect(await db.selectFrom("project_photos").select("description").execute()).toEqual([
      { description: "Rotten treads" },
    ]);
  });

  it("saves a photo's description and label, moves the cover, and keeps a published project's last photo", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const id = await newProject(db, cookie);
    const edit = (body: Record<string, string>) => editProject(cookie, id, body);
    await addPhoto(cookie, id, await smallJpeg(), { description: "The rotten stairs" });
    await addPhoto(cookie, id, await smallJpeg(), { description: "The new stairs" });
    const photos = () =>
      db
        .selectFrom("project_photos")
        .select(["id", "description", "label", "is_cover"])
        .where("project_id", "=", id)
        .orderBy("position")
        .execute();
    const [first, second] = await photos();
    if (!first || !second) throw new Error("two photos expected");
    expect([first.is_cover, second.is_cover]).toEqual([1, 0]);

    expect(
      (await edit({ intent: "describe-photo", photoId: first.id, description: "  ", label: "before" })).status,
    ).toBe(400);
    expect(
      (await edit({ intent: "describe-photo", photoId: "someone-elses", description: "x x x", label: "" })).status,
    ).toBe(404);
    expect(
      (await edit({ intent: "describe-photo", photoId: first.id, description: "Rotten treads", label: "before" }))
        .status,
    ).toBe(200);
    expect((await edit({ intent: "cover", photoId: second.id })).status).toBe(200);
    expect((await edit({ intent: "cover", photoId: "someone-elses" })).status).toBe(404);
    expect(await photos()).toEqual([
      { id: first.id, description: "Rotten treads", label: "before", is_cover: 0 },
      { id: second.id, description: "The new stairs", label: null, is_cover: 1 },
    ]);

    // Published, an edit reaches the site: the live version moves.
    await processWaitingPhotos(db);
    expect(await publishProject(db, id, actor)).toBe("published");
    const published = await readLiveVersion(db);
    expect(
      (await edit({ intent: "describe-photo", photoId: second.id, description: "New treads", label: "after" })).status,
    ).toBe(200);
    expect(await readLiveVersion(db)).toBe(published + 1);

    // Removing the cover makes the photo left the cover; the last photo of a published project stays.
    expect((await edit({ intent: "remove-photo", photoId: second.id })).status).toBe(200);
    expect(await photos()).toEqual([{ id: first.id, description: "Rotten treads", label: "before", is_cover: 1 }]);
    const last = await edit({ intent: "remove-photo", photoId: first.id });
    expect(last.status).toBe(409);
    expect(JSON.stringify(last.body)).toContain("A published project needs a photo");
    expect(await photos()).toHaveLength(1);
  });

  it("publishes once its photos are ready, once under a burst, and answers 410 after unpublishing or deleting", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const id = await newProject(db, cookie);
    const publish = () =>
      run(() =>
        projectAction(
          args<typeof projectAction>(deskPost(`/owner/projects/${id}`, cookie, form({ intent: "publish" })), { id }),
        ),
      );
    expect((await publish()).status).toBe(409);
    await addPhoto(cookie, id, await jpegWithGps(1200, 900), { label: "before", description: "The rotten stairs" });
    await addPhoto(cookie, id, await jpegWithGps(1200, 900), { label: "after", description: "The new stairs" });
    // Still being processed: not yet.
    expect((await publish()).status).toBe(409);
    expect(await processWaitingPhotos(db)).toHaveLength(2);

    const before = await readLiveVersion(db);
    const outcomes = await Promise.all(Array.from({ length: 40 }, () => publishProject(db, id, actor)));
    expect(outcomes.filter((o) => o === "published")).toHaveLength(1);
    expect(outcomes.filter((o) => o !== "published").every((o) => o === "already")).toBe(true);
    expect(await readLiveVersion(db)).toBe(before + 1);

    await snapshotNow(db);
    const slug = (await db.selectFrom("projects").select("slug").where("id", "=", id).executeTakeFirstOrThrow()).slug;
    const page = await run(() =>
      publicProjectLoader(args<typeof publicProjectLoader>(new Request(`${ORIGIN}/projects/${slug}`), { slug })),
    );
    expect(page.status).toBe(200);
    const seo = (page.body as { seo: Record<string, unknown>[] }).seo;
    const ld = seo
      .filter((tag) => "script:ld+json" in tag)
      .map((tag) => JSON.parse(JSON.stringify(tag["script:ld+json"])) as Record<string, unknown>);
    const project = ld.find((item) => item["@type"] === "CreativeWork");
    expect(project).toMatchObject({
      name: fields.title,
      locationCreated: { "@type": "Place", name: "Surf City" },
      about: { "@type": "Service", name: "Decks & Stairs" },
      creator: { "@type": "GeneralContractor" },
    });
    // The same picture twice (these two have the same pixels): each photo has files of its own.
    const images = (project?.image as { contentUrl: string }[]).map((i) => i.contentUrl);
    expect(images).toHaveLength(2);
    expect(new Set(images).size).toBe(2);
    for (const url of images) expect(url).toMatch(/\/projects\/photos\/[0-9a-f]{16}-\d+\.webp$/);
    expect(sitemapXml()).toMatch(new RegExp(`/projects/${slug}</loc>\\s*<lastmod>\\d{4}-\\d{2}-\\d{2}</lastmod>`));
    const list = await run(() => listLoader(args<typeof listLoader>(new Request(`${ORIGIN}/projects`))));
    expect(JSON.stringify(list.body)).toContain(slug);
    const listAt = (rest: string) =>
      run(() => listLoader(args<typeof listLoader>(new Request(`${ORIGIN}/projects/${rest}`), { "*": rest })));
    expect((await listAt("service/decks-and-stairs")).status).toBe(200);
    expect((await listAt("town/surf-city")).status).toBe(200);
    for (const rest of [
      "service/carpentry",
      "page/2",
      "page/1",
      "service/decks-and-stairspage/2",
      "servicex/a",
      "town/",
    ])
      expect((await listAt(rest)).status, rest).toBe(404);

    expect(await unpublishProject(db, id, actor)).toBe(true);
    await snapshotNow(db);
    const gone = await run(() =>
      publicProjectLoader(args<typeof publicProjectLoader>(new Request(`${ORIGIN}/projects/${slug}`), { slug })),
    );
    expect(gone.status).toBe(410);
    expect(sitemapXml()).not.toContain(`/projects/${slug}`);
    expect(
      JSON.stringify((await run(() => listLoader(args<typeof listLoader>(new Request(`${ORIGIN}/projects`))))).body),
    ).not.toContain(slug);

    expect(await deleteProject(db, id, actor)).toBe(true);
    expect(await db.selectFrom("project_photo_files").select("name").execute()).toEqual([]);
    const deleted = await run(() =>
      publicProjectLoader(args<typeof publicProjectLoader>(new Request(`${ORIGIN}/projects/${slug}`), { slug })),
    );
    expect(deleted.status).toBe(410);
    const never = await run(() =>
      publicProjectLoader(
        args<typeof publicProjectLoader>(new Request(`${ORIGIN}/projects/never-was`), { slug: "never-was" }),
      ),
    );
    expect(never.status).toBe(404);
    const audit = await db.selectFrom("owner_audit").select("action").where("action", "like", "project-%").execute();
    expect(audit.map((a) => a.action).sort()).toEqual(
      ["project-deleted", "project-published", "project-saved", "project-unpublished"].sort(),
    );
  });

  it("shows the desk to a signed-in owner only", async () => {
    const db = await harness().db();
    const { cookie } = await signedInOwner(db, ORIGIN);
    const id = await newProject(db, cookie);
    const noSession = await run(() =>
      projectDeskLoader(args<typeof projectDeskLoader>(new Request(`${ORIGIN}/owner/projects/${id}`), { id })),
    );
    expect(noSession.status).toBe(302);
    expect(noSession.headers?.get("location")).toContain("/owner/sign-in");
    const post = await run(() =>
      projectAction(
        args<typeof projectAction>(
          new Request(`${ORIGIN}/owner/projects/${id}`, { method: "POST", body: form({ intent: "delete-confirmed" }) }),
          { id },
        ),
      ),
    );
    expect(post.status).toBe(302);
    expect(post.headers?.get("location")).toContain("/owner/sign-in");
    expect(await db.selectFrom("projects").select("id").execute()).toHaveLength(1);
    const list = await run(() =>
      projectsDeskLoader(args<typeof projectsDeskLoader>(new Request(`${ORIGIN}/owner/projects`))),
    );
    expect(list.status).toBe(302);
  });
});
