/**
 * The editors' answers about a draft: 'Save draft' keeps the form's fields as the page's draft, or
 * says who saved one meanwhile and keeps the owner's words on the form; a publish removes the draft
 * it was made from, and one refused as stale keeps the words too. Shared by the FAQ, service page
 * and article editors.
 */
import type { Kysely } from "kysely";
import { answerDone, answerRefused, type Answered } from "~/infra/page-post.server";
import type { Database } from "~/infra/schema.server";
import type { Actor } from "~/owner/actor";
import { formatDateTime } from "~/time/business-time";
import type { PageKind } from "./page-kinds";
import { dropDraft, saveDraft } from "./page-drafts.server";
import { readPublishedPage } from "./site-pages-source.server";

/** The draft revision a form was filled from: 0 when there was no draft. */
export const postedRevision = (posted: string) => (/^\d{1,9}$/.test(posted) ? Number(posted) : 0);

export async function answerSaveDraft(
  db: Kysely<Database>,
  actor: Actor,
  page: { kind: PageKind; name: string },
  form: { fields: Record<string, string>; basedOn: number; revision: number },
): Promise<Answered> {
  const fields = { ...form.fields, basedOn: String(form.basedOn) };
  const outcome = await saveDraft(db, actor, { ...page, fields, basedOn: form.basedOn, revision: form.revision });
  if (outcome.ok)
    return answerDone(
      "save",
      "Draft saved. Preview it, or publish it when it is ready; the public page is unchanged.",
      {
        values: { ...fields, draftRevision: String(outcome.revision) },
      },
    );
  if (outcome.reason === "too-large")
    return answerRefused("save", 413, { form: "The draft is too long to keep: shorten it, then save again." }, fields);
  const theirs = outcome.draft;
  return answerRefused(
    "save",
    409,
    {
      form: theirs
        ? `${theirs.savedBy} saved a draft of this page on ${formatDateTime(theirs.savedAt)}, while it was open here. Your words are below, not saved: save again to keep yours instead of theirs, or open the page again to see theirs.`
        : "The draft was published or discarded while this page was open. Your words are below, not saved: save again to keep them.",
    },
    { ...fields, draftRevision: String(theirs?.revision ?? 0) },
  );
}

/** After a publish made from a draft: that draft goes, unless another owner has saved a newer one. */
export async function dropPublishedDraft(
  db: Kysely<Database>,
  actor: Actor,
  page: { kind: PageKind; name: string },
  revision: number,
): Promise<void> {
  if (revision > 0) await dropDraft(db, actor, { ...page, revision, discarded: false });
}

/**
 * A publish made while another owner published the page: refused, the owner's words kept on the
 * form on the version now live, so publishing again knowingly puts them in place of the other's.
 */
export async function answerStalePublish(
  db: Kysely<Database>,
  page: { kind: PageKind; name: string },
  held: Record<string, string>,
): Promise<Answered> {
  const live = (await readPublishedPage(db, page.kind, page.name))?.version ?? 0;
  return answerRefused(
    "publish",
    409,
    {
      form: "Another owner published this page while it was open here. Your words are kept below: publish again to put them in place of theirs (History keeps theirs), or open the page again to start from theirs.",
    },
    { ...held, basedOn: String(live) },
  );
}
