/**
 * /owner/projects: the owner's finished projects, drafts and published, and 'New project'. Reached
 * from a lead marked Won as /owner/projects?lead=<id>, the form starts with the request's service
 * and town, never its street or name; a story naming either is refused. When the lead's job has
 * progress photos, the project can start with them.
 */
import type { Kysely } from "kysely";
import { Link, redirect, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import type { Database } from "~/infra/schema.server";
import { readSmallForm } from "~/infra/uploads.server";
import type { Actor } from "~/owner/actor";
import { Notice } from "~/owner/desk-frame";
import { dispatchIntent } from "~/infra/intents.server";
import { requireOwner } from "~/owner/sessions.server";
import { EMPTY_PROJECT, ProjectForm } from "~/projects/project-form";
import { progressPhotoCountOfLead, progressPhotosOfLead } from "~/jobs/job-photos.server";
import {
  checkProject,
  MAX_PHOTOS,
  finishedLabel,
  servedTowns,
  serviceTitle,
  type ProjectValues,
} from "~/projects/project-rules";
import { useFacts } from "~/components/layout/site-live-data";
import { listDeskProjects } from "~/projects/desk-projects.server";
import { projectFromLead } from "~/projects/project-from-lead.server";
import { createProject } from "~/projects/projects.server";
import { refusedForm } from "~/forms/change-answer";
import { answerRefused } from "~/infra/page-post.server";
import type { Route } from "./+types/owner.projects";

export const meta: Route.MetaFunction = () => [
  { title: `Projects | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const leadId = new URL(request.url).searchParams.get("lead");
  const fromLead = leadId ? await projectFromLead(db, leadId.slice(0, 80)) : undefined;
  const jobPhotos = fromLead && leadId ? await progressPhotoCountOfLead(db, leadId.slice(0, 80)) : 0;
  const projects = await listDeskProjects(db);
  return {
    // Only the fields the form shows: the street and name stay on the server.
    fromLead: fromLead && leadId ? { leadId, values: fromLead.values, jobPhotos } : undefined,
    leadRefused: Boolean(leadId && !fromLead),
    projects: projects.map((p) => ({
      id: p.id,
      title: p.title,
      service: serviceTitle(p.service),
      town: p.town,
      finished: finishedLabel(p.finished),
      status: p.status,
      photos: p.photos.length,
      waiting: p.photos.filter((ph) => ph.state === "waiting").length,
    })),
  };
}

const text = (form: FormData, name: string, max: number) => String(form.get(name) ?? "").slice(0, max);

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  return dispatchIntent(form, { save: (intent) => saveNew(db, form, actor, intent) });
}

/** A new project's draft; on its page from then on. */
async function saveNew(db: Kysely<Database>, form: FormData, actor: Actor, intent: string) {
  const values: ProjectValues = {
    title: text(form, "title", 200),
    service: text(form, "service", 60),
    town: text(form, "town", 120),
    finished: text(form, "finished", 20),
    story: text(form, "story", 4_000),
  };
  const leadId = text(form, "leadId", 80) || undefined;
  const lead = leadId ? await projectFromLead(db, leadId) : undefined;
  if (leadId && !lead)
    return answerRefused(intent, 404, { form: "That lead is gone or not marked Won." }, { ...values });
  const errors = checkProject(values, lead?.privacy);
  if (Object.keys(errors).length > 0) {
    // The form shown again offers the lead's progress photos as it did: their count is part of it.
    const jobPhotoCount = String(leadId ? await progressPhotoCountOfLead(db, leadId) : 0);
    const shown = { ...values, ...(leadId ? { leadId } : {}), jobPhotoCount };
    return answerRefused(intent, 400, { ...errors, form: "Check the fields marked below." }, shown);
  }
  const photos = leadId && form.get("jobPhotos") === "yes" ? await progressPhotosOfLead(db, leadId, MAX_PHOTOS) : [];
  const id = await createProject(db, values, actor, leadId ?? null, photos);
  return redirect(`/owner/projects/${id}?saved=1`);
}

export default function Projects({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const start = loaderData.fromLead;
  const refused = refusedForm(actionData, "save");
  const facts = useFacts();
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Projects</h1>
      <p className="mt-1">Finished jobs with photos, shown on the public site once you publish them.</p>
      {refused?.errors.form ? <Notice tone="error">{refused.errors.form}</Notice> : null}
      {loaderData.leadRefused ? <Notice tone="error">That lead is gone or not marked Won.</Notice> : null}
      <section aria-labelledby="list-heading" className="mt-6">
        <h2 id="list-heading" className="text-lg font-bold text-navy-900">
          Your projects
        </h2>
        {loaderData.projects.length === 0 ? (
          <p className="mt-2">None yet.</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {loaderData.projects.map((p) => (
              <li key={p.id} className="p-3">
                <Link to={`/owner/projects/${p.id}`} className="font-semibold text-navy-900 underline">
                  {p.title}
                </Link>
                <p className="text-sm text-slate-700">
                  {p.status === "published" ? "Published" : "Draft"} · {p.service} · {p.town} · {p.finished} ·{" "}
                  {p.photos} {p.photos === 1 ? "photo" : "photos"}
                  {p.waiting > 0 ? ` (${p.waiting} being processed)` : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="new-heading" className="mt-8">
        <h2 id="new-heading" className="text-lg font-bold text-navy-900">
          New project
        </h2>
        {start ? <p className="mt-1 text-sm">Started from a won job: its service and town are filled in.</p> : null}
        <ProjectForm
          key={refused ? JSON.stringify(refused) : "blank"}
          values={refused ? { ...EMPTY_PROJECT, ...refused.values } : (start?.values ?? EMPTY_PROJECT)}
          errors={refused?.errors ?? {}}
          busy={busy}
          submitLabel="Save draft"
          leadId={refused ? refused.values.leadId : start?.leadId}
          jobPhotos={refused ? Number(refused.values.jobPhotoCount ?? 0) : start?.jobPhotos}
          towns={servedTowns(facts)}
        />
        <p className="mt-2 text-sm text-slate-700">You add the photos on the next page.</p>
      </section>
    </>
  );
}
