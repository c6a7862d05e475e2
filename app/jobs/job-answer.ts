/**
 * What the desk's job page is answered after one of its forms, whichever route took the post: the
 * page's own action, or the money forms' (`/owner/jobs/:id/money`). One shape, so the page shows
 * an answer the same way wherever it came from.
 */
import type { FieldErrors } from "./job-rules";

export type JobAnswer =
  | { ok: true; done: string }
  | {
      ok: false;
      intent: string;
      errors: FieldErrors;
      /** What the refused form held, to show it again as typed. */
      values: Record<string, string>;
    };

/** A change to the job as its feature reports it: done, or refused with a status and field messages. */
export type JobOutcome = { ok: true } | { ok: false; status: 400 | 404 | 409; errors: FieldErrors };
