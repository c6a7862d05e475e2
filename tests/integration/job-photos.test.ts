/**
 * Progress photos on SQLite and PostgreSQL, through the desk's and the homeowner's route modules:
 * a phone photo's GPS position is gone before anything is stored, the homeowner's link shows the
 * photos and no other link does, the desk's files need a signed-in owner, a missing description or
 * a file that is not a photo is refused at its field, a retried upload stores one photo, a parallel
 * burst stops at the limit, and a project made from the job starts with the photos.
 */
import sharp from "sharp";
import type { Kysely } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import type { Database } from "~/infra/schema.server";
import { startJobWithoutQuote } from "~/jobs/job-changes.server";
import { MAX_JOB_PHOTOS } from "~/jobs/job-rules";
import { processWaitingPhotos } from "~/projects/project-photos.server";
import { loader as homeownerPhotoLoader } from "~/routes/job-photo";
import { action as jobAction } from "~/routes/owner.job";
import { loader as deskPhotoLoader } from "~/routes/owner.job-photo";
import { action as newProjectAction, loader as projectsLoader } from "~/routes/owner.projects";
import { backends, LEADS_TO, SITE_URL, useHarness } from "../support/harness";
import { jpegWithGps, pdfBytes, smallJpeg } from "../support/images";
import { homeownerJob, linkIn } from "../support/jobs";
import { insertLead } from "../support/leads";
import { signedInOwner } from "../support/owner";
import { enterContractFacts } from "../support/quotes";
import { argsFor, ORIGIN, photoForm, runRoute } from "../support/requests";

const OWNER = { email: "pat@causeway.test", client: null };

describe.each(backends)("progress photos on %s", (backend) => {
  const harness = useHarness(backend, { worker: false });
  let db: Kysely<Database>;
  let cookie: string;
  beforeEach(async () => {
    db = await harness().db();
    ({ cookie } = await signedInOwner(db, ORIGIN));
  });

  /** A Won lead with small work started: the job's id, the lead's and the homeowner's link. */
  async function startedJob() {
    await enterContractFacts(db);
    const leadId = await insertLead(db, { status: "won", name: "Dana Visitor", email: "dana@example.com" });
    const fields: Record<string, string> = { title: "Replace the storm door closer", price: "185" };
    const started = await startJobWithoutQuote(db, OWNER, leadId, (name) => fields[name] ?? "", {
      siteUrl: SITE_URL,
      leadsTo: LEADS_TO,
    });
    if (!started.ok) throw new Error("the job did not start");
    return { jobId: started.jobId, leadId, token: await linkIn(db, "job-scheduled", "job") };
  }

  const post = (jobId: string, body: FormData, headers: Record<string, string> = {}) =>
    runRoute(() =>
      jobAction(
        argsFor<typeof jobAction>(
          new Request(`${ORIGIN}/owner/jobs/${jobId}`, {
            method: "POST",
            body,
            headers: { cookie, Origin: ORIGIN, ...headers },
          }),
          { id: jobId },
        ),
      ),
    );

  const addPhoto = (jobId: string, data: Buffer, fields: Record<string, string> = {}) =>
    post(
      jobId,
      photoForm(
        { intent: "add-photo", description: "The new closer fitted", upload_key: crypto.randomUUID(), ...fields },
        { name: "door.jpg", data },
      ),
    );

  const homeownerFile = (token: string, file: string) =>
    runRoute(async () =>
      homeownerPhotoLoader(
        argsFor<typeof homeownerPhotoLoader>(new Request(`${ORIGIN}/job/${token}/photos/${file}`), { token, file }),
      ),
    );

  it("stores a phone photo upright and without its GPS position, and only the homeowner's link and the desk show it", async () => {
    const { jobId, token } = await startedJob();
    const original = await jpegWithGps(3000, 2000);
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(await addPhoto(jobId, original)).toMatchObject({ status: 200, body: { ok: true } });

    const row = await db.selectFrom("job_photos").selectAll().executeTakeFirstOrThrow();
    // Orientation 6 turns 3000 × 2000 into a portrait, at most 1920 high.
    expect([row.width, row.height, row.description]).toEqual([1280, 1920, "The new closer fitted"]);
    for (const stored of [row.large, row.small])
      expect((await sharp(Buffer.from(stored)).metadata()).exif).toBeUndefined();
    const small = await sharp(Buffer.from(row.small)).metadata();
    expect([small.format, small.width]).toEqual(["webp", 640]);

    const page = await homeownerJob(db, token);
    expect(page.photos.map((p) => p.description)).toEqual(["The new closer fitted"]);
    const history = await db.selectFrom("job_events").select("detail").where("job_id", "=", jobId).execute();
    expect(history.map((h) => h.detail)).toContain("Added a photo for the homeowner: The new closer fitted");

    const shown = await homeownerFile(token, `${row.id}-small.webp`);
    expect(shown.status).toBe(200);
    expect(shown.headers?.get("content-type")).toBe("image/webp");
    expect(shown.headers?.get("cache-control")).toBe("no-store");
    expect((await homeownerFile(token, `${row.id}-large`)).headers?.get("content-type")).toBe("image/jpeg");
    // Another link, a made-up name, or a photo of another job: nothing.
    expect((await homeownerFile("A".repeat(43), `${row.id}-small.webp`)).status).toBe(404);
    expect((await homeownerFile(token, `${row.id}-small.png`)).status).toBe(404);
    expect((await homeownerFile(token, `../${row.id}-small.webp`)).status).toBe(404);
    const other = await startedJob();
    expect((await homeownerFile(other.token, `${row.id}-small.webp`)).status).toBe(404);

    const deskFile = (headers: Record<string, string>) =>
      runRoute(async () =>
        deskPhotoLoader(
          argsFor<typeof deskPhotoLoader>(
            new Request(`${ORIGIN}/owner/jobs/${jobId}/photos/${row.id}-large`, { headers }),
            { id: jobId, file: `${row.id}-large` },
          ),
        ),
      );
    expect((await deskFile({})).status).toBe(401);
    expect((await deskFile({ cookie: "__Host-owner_session=expired" })).status).toBe(401);
    const desk = await deskFile({ cookie });
    expect([desk.status, desk.headers?.get("cache-control")]).toEqual([200, "private, no-store"]);
  });

  it("refuses a missing description or a file that is not a photo at its field, and a retry stores one photo", async () => {
    const { jobId } = await startedJob();
    const photo = await smallJpeg();
    expect(await addPhoto(jobId, photo, { description: "  " })).toMatchObject({
      status: 400,
      body: {
        ok: false,
        errors: { description: "Describe the photo: what it shows is read to a homeowner who cannot see it." },
      },
    });
    expect(await addPhoto(jobId, pdfBytes)).toMatchObject({
      status: 415,
      body: { errors: { photo: "That file is not a photo we can use: send a JPEG, PNG, WebP or GIF." } },
    });
    expect(await addPhoto(jobId, photo, { description: "Hinge\u202Efitted" })).toMatchObject({ status: 400 });
    // The page's script reads the same refusal as JSON.
    const json = await post(
      jobId,
      photoForm({ intent: "add-photo", description: "" }, { name: "door.jpg", data: photo }),
      { Accept: "application/json" },
    );
    expect(json.status).toBe(400);
    expect(json.headers?.get("content-type")).toContain("application/json");

    const key = crypto.randomUUID();
    const [first, second] = await Promise.all([
      addPhoto(jobId, photo, { upload_key: key }),
      addPhoto(jobId, photo, { upload_key: key }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(await db.selectFrom("job_photos").select("upload_key").execute()).toEqual([{ upload_key: key }]);
  });

  it(`stops a parallel burst at ${MAX_JOB_PHOTOS} photos, and a removed photo leaves the homeowner's page`, async () => {
    const { jobId, token } = await startedJob();
    const photo = await smallJpeg();
    const answers = await Promise.all(Array.from({ length: MAX_JOB_PHOTOS + 6 }, () => addPhoto(jobId, photo)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_JOB_PHOTOS);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(6);
    const positions = await db.selectFrom("job_photos").select("position").orderBy("position").execute();
    expect(positions.map((p) => p.position)).toEqual(Array.from({ length: MAX_JOB_PHOTOS }, (_, i) => i));

    const first = await db.selectFrom("job_photos").select("id").orderBy("position").executeTakeFirstOrThrow();
    const remove = () => post(jobId, photoForm({ intent: "remove-photo", photoId: first.id }));
    expect((await remove()).status).toBe(200);
    expect((await remove()).status).toBe(404);
    expect((await homeownerJob(db, token)).photos).toHaveLength(MAX_JOB_PHOTOS - 1);
    expect((await homeownerFile(token, `${first.id}-small.webp`)).status).toBe(404);
  });

  it("takes no photo for a cancelled job", async () => {
    const { jobId } = await startedJob();
    await db.updateTable("jobs").set({ state: "cancelled" }).where("id", "=", jobId).execute();
    expect(await addPhoto(jobId, await smallJpeg())).toMatchObject({
      status: 409,
      body: { errors: { form: "This job was cancelled: it takes no more photos." } },
    });
  });

  it("starts a project made from the job with its progress photos, made into the site's pictures", async () => {
    const { jobId, leadId } = await startedJob();
    await addPhoto(jobId, await jpegWithGps(1600, 1200), { description: "Old closer, bent" });
    await addPhoto(jobId, await smallJpeg(), { description: "New closer fitted" });
    const offered = await runRoute(() =>
      projectsLoader(
        argsFor<typeof projectsLoader>(new Request(`${ORIGIN}/owner/projects?lead=${leadId}`, { headers: { cookie } })),
      ),
    );
    expect(offered.body).toMatchObject({ fromLead: { leadId, jobPhotos: 2 } });

    const made = await runRoute(() =>
      newProjectAction(
        argsFor<typeof newProjectAction>(
          new Request(`${ORIGIN}/owner/projects`, {
            method: "POST",
            headers: { cookie, Origin: ORIGIN },
            body: new URLSearchParams({
              intent: "save",
              leadId,
              jobPhotos: "yes",
              title: "A storm door that closes again",
              service: "carpentry",
              town: "Surf City",
              finished: "2026-10",
              story: "The closer had bent in a gust.",
            }),
          }),
        ),
      ),
    );
    expect(made.status).toBe(302);
    const photos = await db
      .selectFrom("project_photos")
      .select(["description", "state", "is_cover"])
      .orderBy("position")
      .execute();
    expect(photos).toEqual([
      { description: "Old closer, bent", state: "waiting", is_cover: 1 },
      { description: "New closer fitted", state: "waiting", is_cover: 0 },
    ]);
    expect((await processWaitingPhotos(db)).map((done) => done.state)).toEqual(["ready", "ready"]);
  });
});
