/** /owner/subscribers: confirmed newsletter subscribers, a CSV of them, and removing one. */
import { Form } from "react-router";
import { profile } from "~/content/profile";
import { dangerButton, Notice, secondaryButton } from "~/owner/desk-frame";
import { listSubscribers, removeSubscriber } from "~/leads/subscribers.server";
import { deskChange } from "~/owner/desk-change.server";
import { requireOwner, signedInRecently } from "~/owner/sessions.server";
import { formatDateTime } from "~/time/business-time";
import { headline } from "~/forms/change-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import type { Route } from "./+types/owner.subscribers";
import { readSmallForm } from "~/infra/uploads.server";

export const meta: Route.MetaFunction = () => [
  { title: `Subscribers | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, session } = await requireOwner(request, context);
  const subscribers = await listSubscribers(db);
  return {
    subscribers: subscribers.map((s) => ({
      id: s.id,
      email: s.email,
      confirmedAt: s.confirmedAt?.toISOString() ?? null,
    })),
    exportReady: new URL(request.url).searchParams.get("export") === "1" && signedInRecently(session),
  };
}

const REMOVE = "remove-subscriber";

export async function action({ request, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  const form = await readSmallForm(request);
  const removed = await deskChange(db, actor, new Date(), async ({ trx, audit }) => {
    const gone = await removeSubscriber(trx, { id: String(form.get("id") ?? "") });
    if (gone?.subscriber) await audit("subscriber-removed", gone.email);
    return gone;
  });
  // The page's one form: it names no intent, so its answer names the one it is.
  if (!removed?.subscriber) return answerRefused(REMOVE, 404, { form: "That subscriber is no longer on the list." });
  return answerDone(REMOVE, `Removed ${removed.email}.`);
}

export default function Subscribers({ loaderData, actionData }: Route.ComponentProps) {
  const { subscribers, exportReady } = loaderData;
  const shown = headline(actionData);
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-navy-900">Subscribers ({subscribers.length})</h1>
        <a href="/owner/export/subscribers.csv" className={secondaryButton} download>
          Download CSV
        </a>
      </div>
      {exportReady ? <Notice tone="ok">Thanks. Your download is ready: press Download CSV.</Notice> : null}
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      {subscribers.length === 0 ? <p className="mt-4">No confirmed subscribers yet.</p> : null}
      <ul className="mt-3 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
        {subscribers.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span className="min-w-0 break-all">
              {s.email}
              {s.confirmedAt ? (
                <span className="block text-sm text-slate-700">since {formatDateTime(s.confirmedAt)}</span>
              ) : null}
            </span>
            <Form method="post">
              <input type="hidden" name="id" value={s.id} />
              <button type="submit" className={dangerButton} aria-label={`Remove ${s.email}`}>
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </>
  );
}
