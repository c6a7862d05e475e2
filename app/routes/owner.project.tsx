/**
 * /owner/projects/:id: one project. Its fields ('Save draft'), its photos (add from the phone,
 * describe, label Before/After, choose the cover, remove), 'Publish' once every photo is ready,
 * 'Unpublish', and delete, asked twice. Photos are processed in the background after they arrive
 * (`projects/project-photos.server.ts`); the page asks again every few seconds while any is processing.
 */
import { randomUUID } from "node:crypto";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { describeError, log } from "~/infra/log.server";
import { dangerButton, Notice, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { dispatchIntent } from "~/infra/intents.server";
import { readDeskPhotoForm, wantsJson } from "~/owner/photo-form.server";
import { useRefreshWhile } from "~/owner/refresh-while";
import { requireOwner, requireOwnerOr401 } from "~/owner/sessions.server";
import { ProjectForm } from "~/projects/project-form";
import { photoPath, projectPath } from "~/projects/project-listing";
import {
  checkProject,
  MAX_DESCRIPTION,
  MAX_PHOTOS,
  type ProjectErrors,
  type ProjectValues,
} from "~/projects/project-rules";
import { PhotoUpload } from "~/projects/photo-upload";
import { deskProject } from "~/projects/desk-projects.server";
import { photoLabel, takePhoto } from "~/projects/photo-intake.server";
import { chooseCover, describePhoto, removePhoto, type PhotoChange } from "~/projects/photo-edits.server";
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
  const project = await deskProject(db, params.id);
  if (!project) throw data("This project does not exist, or was deleted.", { status: 404 });
  const { leadId: _leadId, ...shown } = project;
  return {
    project: {
      ...shown,
      updatedAt: project.updatedAt.toISOString(),
      publishedAt: project.publishedAt?.toISOString() ?? null,
      path: projectPath(project.slug),
      photos: project.photos.map((p) => ({ ...p, thumbnail: p.thumbnail ? photoPath(p.thumbnail) : null })),
    },
    saved: new URL(request.url).searchParams.has("saved"),
    uploadKey: randomUUID(),
  };
}

type ActionAnswer = {
  ok: boolean;
  message: string;
  intent: string;
  values?: ProjectValues;
  errors?: ProjectErrors;
  photoErrors?: { photo?: string; description?: string };
  photoId?: string;
  confirmDelete?: boolean;
};

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
  // The page's script reads a refusal it understands; a redirect to sign in would read as success.
  const { db, actor } = await (wantsJson(request) ? requireOwnerOr401 : requireOwner)(request, context);
  const json = wantsJson(request);
  const answer = (body: ActionAnswer, status = body.ok ? 200 : 400) =>
    json
      ? Response.json(
          {
            ok: body.ok,
            message: body.message,
            error: body.ok ? undefined : body.message,
            field: body.photoErrors?.description ? "description" : "photo",
            photoId: body.photoId,
          },
          { status },
        )
      : data(body, { status });
  const read = await readDeskPhotoForm(request);
  if (!read.ok) {
    const { message } = read;
    return answer({ ok: false, intent: "add-photo", message, photoErrors: { photo: message } }, read.status);
  }
  const form = read.form;
  try {
    const field = (name: string, max: number) => (form.fields.get(name) ?? "").slice(0, max);
    const id = params.id;
    const photoChange = (intent: string, changed: PhotoChange, message: string) =>
      changed.ok
        ? answer({ ok: true, intent, message })
        : answer({ ok: false, intent, message: changed.error }, changed.status);

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
        if (!project) return answer({ ok: false, intent, message: "This project no longer exists." }, 404);
        const errors = checkProject(values, await leadPrivacy(db, project.leadId));
        if (Object.keys(errors).length > 0)
          return answer({ ok: false, intent, message: "Check the fields marked below.", values, errors });
        await updateProject(db, id, values, actor);
        return answer({
          ok: true,
          intent,
          message: project.status === "published" ? "Saved: the site shows it within a few seconds." : "Draft saved.",
        });
      },
      "add-photo": async (intent) => {
        const file = form.files[0];
        if (!file) {
          const message = "Choose a photo to add.";
          return answer({ ok: false, intent, message, photoErrors: { photo: message } });
        }
        const taken = await takePhoto(db, id, {
          file,
          description: field("description", MAX_DESCRIPTION + 50),
          label: photoLabel(field("label", 10)),
          uploadKey: field("upload_key", 80) || randomUUID(),
        });
        if (!taken.ok)
          return answer(
            { ok: false, intent, message: taken.error, photoErrors: { [taken.field ?? "photo"]: taken.error } },
            taken.status,
          );
        return answer({
          ok: true,
          intent,
          photoId: taken.photoId,
          message: "Photo added. It is being processed and shows below when ready.",
        });
      },
      "describe-photo": async (intent) => {
        const photoId = field("photoId", 80);
        const description = field("description", MAX_DESCRIPTION + 50);
        const changed = await describePhoto(db, id, photoId, description, photoLabel(field("label", 10)), actor);
        return changed.ok
          ? answer({ ok: true, intent, message: "Photo saved." })
          : answer({ ok: false, intent, message: changed.error, photoId }, changed.status);
      },
      cover: async (intent) =>
        photoChange(intent, await chooseCover(db, id, field("photoId", 80), actor), "Cover chosen."),
      "remove-photo": async (intent) =>
        photoChange(intent, await removePhoto(db, id, field("photoId", 80), actor), "Photo removed."),
      publish: async (intent) => {
        const result = await publishProject(db, id, actor);
        const outcome = PUBLISH_MESSAGES[result];
        // Which field, and what to take out of it.
        const message = (result === "names-lead" && (await projectNamesLead(db, id))) || outcome.message;
        return answer({ ok: outcome.ok, intent, message }, outcome.status);
      },
      unpublish: async (intent) =>
        (await unpublishProject(db, id, actor))
          ? answer({ ok: true, intent, message: "Unpublished: the project leaves the site within a few seconds." })
          : answer({ ok: false, intent, message: "The project is not published." }, 409),
      delete: (intent) =>
        answer({ ok: true, intent, confirmDelete: true, message: "Delete this project and its photos for good?" }),
      "delete-confirmed": async (intent) => {
        const done = await deleteProject(db, id, actor);
        if (!done) return answer({ ok: false, intent, message: "This project no longer exists." }, 404);
        return redirect("/owner/projects");
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
  const busy = useNavigation().state !== "idle";
  const { project } = loaderData;
  const editing = actionData?.intent === "save" && !actionData.ok ? actionData : undefined;
  const photoAnswer = actionData?.intent === "add-photo" ? actionData : undefined;
  const waitingFor = project.photos
    .filter((p) => p.state === "waiting")
    .map((p) => p.id)
    .join(" ");
  const gaveUp = useRefreshWhile(waitingFor);
  const photoStates = Object.fromEntries(project.photos.map((p) => [p.id, p.state]));
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
      {loaderData.saved && !actionData ? <Notice tone="ok">Draft saved. Now add the photos.</Notice> : null}
      {actionData?.message ? <Notice tone={actionData.ok ? "ok" : "error"}>{actionData.message}</Notice> : null}
      {actionData?.confirmDelete ? (
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
                error={
                  actionData?.intent === "describe-photo" && actionData.photoId === photo.id
                    ? actionData.message
                    : undefined
                }
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
          errors={photoAnswer?.photoErrors ?? {}}
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
          values={editing?.values ?? project}
          errors={editing?.errors ?? {}}
          busy={busy}
          submitLabel={project.status === "published" ? "Save" : "Save draft"}
        />
      </section>
    </>
  );
}
