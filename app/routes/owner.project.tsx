/**
 * /owner/projects/:id: one project. Its fields ('Save draft'), its photos (add from the phone,
 * describe, label Before/After, choose the cover, remove), 'Publish' once every photo is ready,
 * 'Unpublish', and delete, asked twice. Photos are processed in the background after they arrive
 * (`projects/project-photos.server.ts`); the page asks again every few seconds while any is processing.
 * The photo forms post to the photos' route (`owner.project-photos.ts`), but for the upload
 * without JavaScript, which posts here.
 */
import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect, useFetcher, useNavigation } from "react-router";
import { takeCarriedAnswer } from "~/infra/carried-answer.server";
import { headline, refusedForm, type ChangeAnswer } from "~/forms/change-answer";
import { isId } from "~/forms/ids";
import { useLatestAnswer } from "~/forms/latest-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import { deskProjectPath, deskProjectsPath, projectPhotosPath } from "~/owner/paths";
import { profile } from "~/content/profile";
import { describeError, log } from "~/infra/log.server";
import { dangerButton, Notice, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { dispatchIntent } from "~/infra/intents.server";
import { readDeskPhotoForm } from "~/owner/photo-form.server";
import { useRefreshWhile } from "~/owner/refresh-while";
import { requireOwner } from "~/owner/sessions.server";
import { ProjectForm } from "~/projects/project-form";
import { photoPath, projectPath } from "~/projects/project-listing";
import { checkProject, MAX_PHOTOS, servedTowns, type ProjectValues } from "~/projects/project-rules";
import { useFacts } from "~/components/layout/site-live-data";
import { PhotoUpload } from "~/projects/photo-upload";
import { deskProject } from "~/projects/desk-projects.server";
import { PHOTO_FORMS } from "~/projects/photo-forms";
import { photoIntents } from "~/projects/photo-intents.server";
import { PhotoRow } from "~/projects/photo-row";
import { leadPrivacy } from "~/projects/project-from-lead.server";
import {
  deleteProject,
  projectNamesLead,
  publishProject,
  unpublishProject,
  updateProject,
  type PublishOutcome,
} from "~/projects/projects.server";
import type { Route } from "./+types/owner.project";

export const meta: Route.MetaFunction = () => [
  { title: `Project | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  // As every desk route: an address that cannot name a project is answered as an unknown one,
  // after the sign-in (a stranger is sent to sign in whatever the address) and before any query.
  if (!isId(params.id)) throw data("This project does not exist, or was deleted.", { status: 404 });
  const project = await deskProject(db, params.id);
  if (!project) throw data("This project does not exist, or was deleted.", { status: 404 });
  const { leadId: _leadId, ...shown } = project;
  const carried = takeCarriedAnswer(request, deskProjectPath(project.id), [PHOTO_FORMS]);
  return data(
    {
      project: {
        ...shown,
        updatedAt: project.updatedAt.toISOString(),
        publishedAt: project.publishedAt?.toISOString() ?? null,
        path: projectPath(project.slug),
        photos: project.photos.map((p) => ({ ...p, thumbnail: p.thumbnail ? photoPath(p.thumbnail) : null })),
      },
      saved: new URL(request.url).searchParams.has("saved"),
      answer: carried.answer,
      uploadKey: randomUUID(),
    },
    { headers: carried.headers },
  );
}

const PUBLISH_MESSAGES: Record<PublishOutcome, { ok: boolean; status: number; message: string }> = {
  published: { ok: true, status: 200, message: "Published: the project is on the site within a few seconds." },
  already: { ok: true, status: 200, message: "The project is already published." },
  "no-photos": { ok: false, status: 409, message: "Add at least one photo before publishing." },
  "photos-not-ready": {
    ok: false,
    status: 409,
    message: "Some photos are still being processed or could not be read. Publish when every photo is ready.",
  },
  "names-lead": {
    ok: false,
    status: 409,
    message: "Something public in this project names the homeowner or their street. Take it out, then publish.",
  },
  missing: { ok: false, status: 404, message: "This project no longer exists." },
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  // As the loader: a malformed id is answered before a photo is read or any query runs.
  if (!isId(params.id)) throw data("This project does not exist, or was deleted.", { status: 404 });
  const id = params.id;
  const read = await readDeskPhotoForm(request);
  if (!read.ok) return answerRefused("add-photo", read.status, { photo: read.message, form: read.message });
  const form = read.form;
  try {
    const field = (name: string, max: number) => (form.fields.get(name) ?? "").slice(0, max);
    // The photos' other forms post to /photos; the upload comes here from the form without JavaScript.
    return await dispatchIntent(form.fields, {
      save: async (intent) => {
        const values: ProjectValues = {
          title: field("title", 200),
          service: field("service", 60),
          town: field("town", 120),
          finished: field("finished", 20),
          story: field("story", 4_000),
        };
        const project = await deskProject(db, id);
        if (!project) return answerRefused(intent, 404, { form: "This project no longer exists." });
        const errors = checkProject(values, await leadPrivacy(db, project.leadId));
        if (Object.keys(errors).length > 0)
          return answerRefused(intent, 400, { ...errors, form: "Check the fields marked below." }, { ...values });
        await updateProject(db, id, values, actor);
        return answerDone(
          intent,
          project.status === "published" ? "Saved: the site shows it within a few seconds." : "Draft saved.",
        );
      },
      "add-photo": photoIntents(db, actor, id, form)["add-photo"],
      publish: async (intent) => {
        const result = await publishProject(db, id, actor);
        const outcome = PUBLISH_MESSAGES[result];
        // Which field, and what to take out of it.
        const message = (result === "names-lead" && (await projectNamesLead(db, id))) || outcome.message;
        return outcome.ok ? answerDone(intent, message) : answerRefused(intent, outcome.status, { form: message });
      },
      unpublish: async (intent) =>
        (await unpublishProject(db, id, actor))
          ? answerDone(intent, "Unpublished: the project leaves the site within a few seconds.")
          : answerRefused(intent, 409, { form: "The project is not published." }),
      // Asked twice: this answer is the question, and the page shows the button that confirms.
      delete: (intent) => answerDone(intent, "Delete this project and its photos for good?"),
      "delete-confirmed": async (intent) => {
        const done = await deleteProject(db, id, actor);
        if (!done) return answerRefused(intent, 404, { form: "This project no longer exists." });
        return redirect(deskProjectsPath);
      },
    });
  } catch (error) {
    // A refusal thrown as an answer (an unknown intent's 400) is the client's mistake, not a failure.
    if (error instanceof Error) log("error", "project change failed", { error: describeError(error) });
    throw error;
  } finally {
    await form.dispose();
  }
}

export default function ProjectPage({ loaderData, actionData }: Route.ComponentProps) {
  const { project } = loaderData;
  const photoForms = useFetcher<ChangeAnswer>({ key: projectPhotosPath(project.id) });
  const busy = useNavigation().state !== "idle" || photoForms.state !== "idle";
  const answer = useLatestAnswer(actionData, loaderData.answer, [photoForms.data]);
  const shown = headline(answer);
  const editing = refusedForm(answer, "save");
  const photoRefused = refusedForm(answer, "add-photo");
  const describeRefused = refusedForm(answer, "describe-photo");
  const waitingFor = project.photos
    .filter((p) => p.state === "waiting")
    .map((p) => p.id)
    .join(" ");
  const gaveUp = useRefreshWhile(waitingFor);
  const photoStates = Object.fromEntries(project.photos.map((p) => [p.id, p.state]));
  const towns = servedTowns(useFacts());
  return (
    <>
      <p>
        <Link to="/owner/projects" className="underline">
          All projects
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold break-words text-navy-900">{project.title}</h1>
      <p className="mt-1">
        {project.status === "published" ? (
          <>
            Published at{" "}
            <a href={project.path} className="underline">
              {project.path}
            </a>
          </>
        ) : (
          "Draft: not on the site."
        )}
      </p>
      {loaderData.saved && !answer ? <Notice tone="ok">Draft saved. Now add the photos.</Notice> : null}
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      {answer?.ok && answer.intent === "delete" ? (
        <Form method="post" className="my-3 flex flex-wrap gap-2">
          <button type="submit" name="intent" value="delete-confirmed" className={dangerButton}>
            Yes, delete for good
          </button>
          <Link to={`/owner/projects/${project.id}`} className={secondaryButton}>
            Keep it
          </Link>
        </Form>
      ) : null}

      <section aria-labelledby="publish-heading" className="mt-4">
        <h2 id="publish-heading" className="sr-only">
          Publishing
        </h2>
        <Form method="post" className="flex flex-wrap gap-2">
          {project.status === "published" ? (
            <button type="submit" name="intent" value="unpublish" disabled={busy} className={secondaryButton}>
              Unpublish
            </button>
          ) : (
            <button type="submit" name="intent" value="publish" disabled={busy} className={primaryButton}>
              Publish
            </button>
          )}
          <button type="submit" name="intent" value="delete" disabled={busy} className={dangerButton}>
            Delete
          </button>
        </Form>
        {waitingFor ? (
          <p className="mt-2 text-sm" role={gaveUp ? "status" : undefined}>
            {gaveUp ? (
              <>
                Some photos are still being processed after 2 minutes, so this page stopped checking.{" "}
                <Link to={`/owner/projects/${project.id}`} className="underline">
                  Check again
                </Link>{" "}
                later.
              </>
            ) : (
              "Photos are being processed: they show here when ready."
            )}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="photos-heading" className="mt-8">
        <h2 id="photos-heading" className="text-lg font-bold text-navy-900">
          Photos ({project.photos.length} of {MAX_PHOTOS})
        </h2>
        {project.photos.length > 0 ? (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {project.photos.map((photo) => (
              <PhotoRow
                key={photo.id}
                photo={photo}
                busy={busy}
                action={projectPhotosPath(project.id)}
                error={describeRefused?.values.photoId === photo.id ? describeRefused.errors.form : undefined}
              />
            ))}
          </ul>
        ) : (
          <p className="mt-2">No photos yet: a project needs at least one.</p>
        )}
        <h3 className="mt-5 font-semibold text-navy-900">Add photos</h3>
        <PhotoUpload
          multiple
          photoStates={photoStates}
          uploadKey={loaderData.uploadKey}
          errors={{ photo: photoRefused?.errors.photo, description: photoRefused?.errors.description }}
          full={
            project.photos.length >= MAX_PHOTOS &&
            `This project has its ${MAX_PHOTOS} photos. Remove one to add another.`
          }
        />
      </section>

      <section aria-labelledby="fields-heading" className="mt-8">
        <h2 id="fields-heading" className="text-lg font-bold text-navy-900">
          Details
        </h2>
        <ProjectForm
          // Keyed by the fields, not the update time: a photo arriving while the owner types must not
          // reset what is typed here.
          key={JSON.stringify(
            editing ?? [project.title, project.service, project.town, project.finished, project.story],
          )}
          values={editing ? { ...project, ...editing.values } : project}
          errors={editing?.errors ?? {}}
          busy={busy}
          submitLabel={project.status === "published" ? "Save" : "Save draft"}
          towns={towns}
        />
      </section>
    </>
  );
}
