/**
 * /owner/leads/:id/quote: 'Write a quote' for one lead. Save a draft, or send it: sending refuses
 * a quote that lacks anything the law requires and names each missing item. The versions sent,
 * their state (sent, replaced, accepted, cancelled) and the reminder switch are listed above.
 */
import { data, Form, Link, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { LeadPhotos } from "~/leads/record/lead-photos";
import { getEnv, mailContext } from "~/settings/env.server";
import { FormParseError, parseFormRequest } from "~/infra/uploads.server";
import { isId } from "~/forms/ids";
import { getDeskLead } from "~/leads/record/queries.server";
import { Notice, secondaryButton } from "~/owner/desk-frame";
import { contractDocumentPath } from "~/owner/paths";
import { leadHasOpenJob } from "~/jobs/jobs.server";
import { dispatchIntent } from "~/infra/intents.server";
import { requireOwner } from "~/owner/sessions.server";
import { factsPresence, readContractFacts } from "~/quotes/contract-facts.server";
import { currentFacts } from "~/facts/facts-source.server";
import { formatCents } from "~/paperwork/money";
import {
  EMPTY_CONTENT,
  formValuesOf,
  largestTotal,
  missingForSending,
  parseContent,
  readQuoteForm,
  readQuoteValues,
} from "~/quotes/quote-content";
import { QuoteEditor } from "~/quotes/quote-editor";
import { saveQuoteDraft, sendQuote } from "~/quotes/send-quote.server";
import { latestVersion, setReminder, versionsOfLead, type DocumentKind } from "~/quotes/quote-versions.server";
import { dayOf, formatDateTime } from "~/time/business-time";
import { headline, refusedForm, type ChangeAnswer } from "~/forms/change-answer";
import { answerDone, answerRefused } from "~/infra/page-post.server";
import type { Route } from "./+types/owner.quote";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `Quote for ${data ? data.lead.name : "a lead"} | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

const DOCUMENT_WORDS: Record<DocumentKind, string> = {
  sent: "The quote as sent",
  accepted: "The accepted contract",
  signed: "The signed copy with its acceptance record",
  cancellation: "The record of the cancellation",
};

const STATUS_WORDS: Record<string, string> = {
  draft: "Draft",
  sent: "Sent, waiting",
  replaced: "Replaced",
  accepted: "Accepted",
  cancelled: "Cancelled by the homeowner",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = await requireOwner(request, context);
  // As every desk route: an address that cannot name a lead is answered as an unknown one, after
  // the sign-in (a stranger is sent to sign in whatever the address) and before any query.
  if (!isId(params.id)) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const lead = await getDeskLead(db, params.id);
  if (!lead) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const [latest, versions, facts] = await Promise.all([
    latestVersion(db, lead.id),
    versionsOfLead(db, lead.id),
    readContractFacts(db),
  ]);
  const content = latest ? parseContent(latest.content) : EMPTY_CONTENT;
  const sent = versions.find((v) => v.status === "sent");
  return {
    lead: { id: lead.id, name: lead.name },
    // The request's photos (a home watch Issue's among them), to quote from what was seen.
    photos: lead.photos.map((p) => ({ id: p.id, fileName: p.fileName, width: p.width, height: p.height })),
    values: formValuesOf(content),
    largestTotal: formatCents(largestTotal(content).totalCents),
    missing: missingForSending(content, factsPresence(facts, currentFacts()), dayOf(new Date())),
    sentVersion:
      latest && latest.status !== "draft"
        ? latest.version
        : (versions.find((v) => v.status !== "draft")?.version ?? null),
    reminder: sent ? { on: sent.remind, sentAt: sent.remindedAt?.toISOString() ?? null } : null,
    versions: versions.map((v) => ({
      version: v.version,
      status: STATUS_WORDS[v.status] ?? v.status,
      sentAt: v.sentAt?.toISOString() ?? null,
      acceptedName: v.acceptedName,
      acceptedAt: v.acceptedAt?.toISOString() ?? null,
      total: v.acceptedTotalCents === null ? null : formatCents(v.acceptedTotalCents),
      sha256: v.acceptedSha256,
      cancelUntil: v.cancelUntil?.toISOString() ?? null,
      documents: v.documents.map((d) => ({
        label: DOCUMENT_WORDS[d.kind],
        fileName: d.fileName,
        kilobytes: Math.max(1, Math.round(d.bytes / 1024)),
        href: contractDocumentPath(lead.id, d.id),
      })),
    })),
  };
}

/** The editor's form: twelve rows of five fields and the job's, more than a small form's twenty fields. */
async function readEditorForm(request: Request): Promise<Map<string, string>> {
  try {
    const parsed = await parseFormRequest(request, {
      maxFiles: 0,
      maxFileBytes: 0,
      maxTotalBytes: 128 * 1024,
      maxFields: 100,
      maxFieldBytes: 16 * 1024,
      isFileField: () => false,
    });
    return parsed.fields;
  } catch (error) {
    if (!(error instanceof FormParseError)) throw error;
    throw data(error.status === 413 ? "The form is too large." : "The form could not be read.", {
      status: error.status,
    });
  }
}

/** The one answer, and on a send refused for what the law requires, each thing still missing. */
type QuoteAnswer = ChangeAnswer & { missing?: string[] };

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, actor } = await requireOwner(request, context);
  // As the loader: a malformed id is answered before the editor's form is read or any query runs.
  if (!isId(params.id)) throw data("This lead does not exist, or was deleted.", { status: 404 });
  const id = params.id;
  const form = await readEditorForm(request);
  const now = new Date();
  const reminder = async (intent: "reminder-off" | "reminder-on") =>
    (await setReminder(db, id, intent === "reminder-on", now))
      ? answerDone(intent, intent === "reminder-on" ? "Reminder on." : "Reminder switched off.")
      : answerRefused(intent, 409, { form: "No sent quote is waiting." });
  const quote = async (intent: "save" | "send") => {
    // A refusal shows the editor again as typed: its fields as posted, read back by the page.
    const typed = Object.fromEntries(form);
    const read = readQuoteForm((name) => form.get(name) ?? "", dayOf(new Date()));
    if (!read.ok) return answerRefused(intent, 400, { ...read.errors, form: "Check the fields marked below." }, typed);
    if (intent === "save") {
      const saved = await saveQuoteDraft(db, id, read.content, actor, now);
      return saved.ok
        ? answerDone(intent, `Draft saved (version ${saved.version}).`)
        : answerRefused(intent, saved.status, { form: saved.error }, typed);
    }
    // A contract accepted now would start a second job beside the open one; a lead has one at a time.
    if (await leadHasOpenJob(db, id))
      return answerRefused(
        intent,
        409,
        {
          form:
            "This lead has a job under way. A change to its work is a change order, on the job's page; " +
            "send a new quote once the job is completed.",
        },
        typed,
      );
    const env = getEnv();
    const mail = mailContext(env);
    // Refused for what the law requires, the draft is saved first: the page lists what it lacks.
    const sent = await sendQuote(db, id, read.content, actor, mail, now);
    if (!sent.ok)
      return data<QuoteAnswer>(
        { ok: false, intent, errors: { form: sent.error }, values: typed, missing: sent.missing ?? [] },
        { status: sent.status },
      );
    return answerDone(intent, `Quote version ${sent.version} sent; the lead is now Quoted.`);
  };
  return dispatchIntent(form, { "reminder-off": reminder, "reminder-on": reminder, save: quote, send: quote });
}

/** What a refused send says the law still requires, from the answer as it reached the page. */
function missingOf(answer: unknown): string[] {
  if (typeof answer !== "object" || answer === null || !("missing" in answer) || !Array.isArray(answer.missing))
    return [];
  return answer.missing.filter((label): label is string => typeof label === "string");
}

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, versions, reminder, photos } = loaderData;
  const busy = useNavigation().state !== "idle";
  const shown = headline(actionData);
  const refused = refusedForm(actionData, ["save", "send"]);
  const missing = missingOf(actionData);
  return (
    <article>
      <p>
        <Link
          to={`/owner/leads/${lead.id}`}
          className="inline-flex min-h-11 items-center font-semibold text-sea-600 underline"
        >
          ← {lead.name}
        </Link>
      </p>
      <h1 className="text-2xl font-bold break-words text-navy-900">Quote for {lead.name}</h1>
      {shown ? <Notice tone={shown.ok ? "ok" : "error"}>{shown.text}</Notice> : null}
      {missing.length > 0 ? (
        <div role="alert" className="mt-2 rounded-lg border border-red-800 bg-white p-3">
          <p className="font-semibold text-red-800">Missing before it can be sent:</p>
          <ul className="mt-1 list-disc pl-5" data-testid="missing">
            {missing.map((label) => (
              <li key={label}>{label}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {photos.length > 0 ? <LeadPhotos leadId={lead.id} photos={photos} /> : null}
      {versions.length > 0 ? (
        <section aria-labelledby="versions-heading" className="mt-4">
          <h2 id="versions-heading" className="text-lg font-bold text-navy-900">
            Versions
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            The documents hold the homeowner&apos;s details: a download asks you to confirm it&apos;s you when you
            signed in more than 10 minutes ago.
          </p>
          <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
            {versions.map((v) => (
              <li key={v.version} className="p-3 text-sm">
                <span className="font-semibold">Version {v.version}</span>: {v.status}
                {v.sentAt ? `, sent ${formatDateTime(v.sentAt)}` : ""}
                {v.acceptedAt ? `; signed by ${v.acceptedName} ${formatDateTime(v.acceptedAt)} for ${v.total}` : ""}
                {v.cancelUntil && v.status === "Accepted" ? `; may cancel until ${formatDateTime(v.cancelUntil)}` : ""}
                {v.sha256 ? <span className="block break-all text-slate-700">Document SHA-256: {v.sha256}</span> : null}
                {v.documents.length > 0 ? (
                  <ul className="mt-1" aria-label={`Documents of version ${v.version}`}>
                    {v.documents.map((d) => (
                      <li key={d.href}>
                        <a
                          href={d.href}
                          download={d.fileName}
                          className="inline-flex min-h-11 items-center font-semibold text-sea-600 underline"
                        >
                          {d.label} ({d.fileName}, {d.kilobytes} KB)
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ul>
          {reminder ? (
            <Form method="post" className="mt-2 flex flex-wrap items-center gap-2">
              <span className="text-sm">
                {reminder.sentAt
                  ? `Reminder sent ${formatDateTime(reminder.sentAt)}.`
                  : reminder.on
                    ? "One reminder goes to the homeowner after 3 business days without an answer."
                    : "The reminder is off for this quote."}
              </span>
              {reminder.sentAt ? null : (
                <button
                  type="submit"
                  name="intent"
                  value={reminder.on ? "reminder-off" : "reminder-on"}
                  className={secondaryButton}
                >
                  {reminder.on ? "Switch the reminder off" : "Switch the reminder on"}
                </button>
              )}
            </Form>
          ) : null}
        </section>
      ) : null}
      <QuoteEditor
        key={actionData ? JSON.stringify(actionData) : "stored"}
        values={refused ? readQuoteValues((name) => refused.values[name] ?? "") : loaderData.values}
        errors={refused?.errors ?? {}}
        busy={busy}
        sentVersion={loaderData.sentVersion}
      />
    </article>
  );
}
