/**
 * /owner/quarantine: requests held as suspected spam. 'Not spam' releases one (it gets its emails
 * as if it had just arrived); 'Delete' removes it. Unreleased ones are deleted after 30 days.
 */
import { Form, Link } from "react-router";
import { profile } from "~/content/profile";
import { getEnv } from "~/settings/env.server";
import { deleteLead } from "~/server/delete-lead.server";
import { QUARANTINE_DAYS, releaseLead } from "~/leads/record/quarantine.server";
import { isLeadId, listQuarantine } from "~/leads/record/queries.server";
import { dangerButton, Notice, primaryButton } from "~/owner/desk-frame";
import { leadPath } from "~/owner/paths";
import { dispatchIntent } from "~/infra/intents.server";
import { requireOwner } from "~/owner/sessions.server";
import { formatDateTime } from "~/time/business-time";
import { headline } from "~/forms/change-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import type { Route } from "./+types/owner.quarantine";
import { readSmallForm } from "~/infra/uploads.server";

export const meta: Route.MetaFunction = () => [
  { title: `Suspected spam | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  const held = await listQuarantine(db);
  return { days: QUARANTINE_DAYS, held: held.map((h) => ({ ...h, createdAt: h.createdAt.toISOString() })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  const id = String(form.get("id") ?? "");
  return dispatchIntent(form, {
    release: async (intent) => {
      if (!isLeadId(id)) return answerRefused(intent, 400, { form: "No such request." });
      const result = await releaseLead(db, id, { actor });
      if (!result.released) return answerRefused(intent, 404, { form: "That request is no longer held." });
      return answerDone(
        intent,
        `Released the request from ${result.name}: it is in the lead list and its emails are on their way.`,
      );
    },
    delete: async (intent) => {
      if (!isLeadId(id)) return answerRefused(intent, 400, { form: "No such request." });
      const deleted = await deleteLead(db, id, getEnv(), { actor });
      if (!deleted) return answerRefused(intent, 404, { form: "That request no longer exists." });
      return answerDone(intent, `Deleted the request from ${deleted.name}.`);
    },
  });
}

export default function Quarantine({ loaderData, actionData }: Route.ComponentProps) {
  const shown = headline(actionData);
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Suspected spam</h1>
      <p className="mt-1 text-sm text-slate-700">
        Held because a hidden field was filled, as bots do. Nobody was emailed. Deleted after {loaderData.days} days
        unless released.
      </p>
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      {loaderData.held.length === 0 ? <p className="mt-4">Nothing held.</p> : null}
      <ul className="mt-3 space-y-3">
        {loaderData.held.map((item) => (
          <li key={item.id} className="rounded-lg border border-slate-300 bg-white p-3">
            <Link
              to={leadPath(item.id)}
              className="inline-flex min-h-11 items-center text-lg font-semibold break-all text-navy-900 underline"
            >
              {item.name}
            </Link>
            <p className="text-sm break-all text-slate-700">
              {item.email} · {formatDateTime(item.createdAt)}
            </p>
            <p className="mt-1 break-words">{item.excerpt}</p>
            <div className="mt-2 flex gap-2">
              <Form method="post">
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value="release"
                  className={primaryButton}
                  aria-label={`Not spam: ${item.name}`}
                >
                  Not spam
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="id" value={item.id} />
                <button
                  type="submit"
                  name="intent"
                  value="delete"
                  className={dangerButton}
                  aria-label={`Delete: ${item.name}`}
                >
                  Delete
                </button>
              </Form>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
