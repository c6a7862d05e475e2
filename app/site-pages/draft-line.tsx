/**
 * A written page's draft on its editor: the buttons that publish the form or save it as the draft,
 * and, when a draft is kept, a line saying whose it is and from when, with 'Preview the draft' (the
 * real page drawn from it) and 'Discard draft'. Shared by the FAQ, service page and article editors.
 */
import { Form, Link } from "react-router";
import { dangerButton, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { formatDateTime } from "~/time/business-time";

export interface DraftSummary {
  revision: number;
  savedBy: string;
  savedAt: string;
  /** The version of the page the draft was begun on. */
  basedOn: number;
}

/** The draft revision the form was filled from (0: none), once in each editor's form. */
export function DraftRevisionField({ revision }: { revision: string | undefined }) {
  return <input type="hidden" name="draftRevision" value={revision ?? "0"} />;
}

/** 'Publish' then 'Save draft'. */
export function PublishButtons({ busy }: { busy: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" name="intent" value="publish" className={primaryButton} disabled={busy}>
        Publish
      </button>
      <button type="submit" name="intent" value="save" className={secondaryButton} disabled={busy}>
        Save draft
      </button>
    </div>
  );
}

export function DraftLine({
  draft,
  previewPath,
  widePreviewPath,
  versionsPath,
  busy,
}: {
  draft: DraftSummary | null;
  previewPath: string;
  widePreviewPath: string;
  versionsPath: string;
  busy: boolean;
}) {
  if (!draft) return null;
  const begun = draft.basedOn === 0 ? "what the site was built with" : `version ${draft.basedOn}`;
  return (
    <section aria-label="Draft" className="mt-3 rounded-xl border border-slate-300 bg-sea-50 p-3">
      <p>
        {`Draft saved by ${draft.savedBy} on ${formatDateTime(draft.savedAt)}, begun on ${begun}. The form shows it; the public page is unchanged until you publish.`}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        {/* The preview is a page of its own, drawn by the server: a plain link, not the desk's router. */}
        <a href={previewPath} className={secondaryButton}>
          Preview the draft
        </a>
        <Link to={widePreviewPath} className={secondaryButton}>
          Preview it wide
        </Link>
        <Form method="post" action={versionsPath}>
          <input type="hidden" name="draftRevision" value={draft.revision} />
          <button type="submit" name="intent" value="discard-draft" className={dangerButton} disabled={busy}>
            Discard draft
          </button>
        </Form>
      </div>
    </section>
  );
}
