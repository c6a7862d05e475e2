/**
 * 'Take this article off the site': a form of its own after the editor's, posting to the article's
 * take-down route. Nothing is lost: the history keeps every version, and 'Restore' puts one back.
 */
import { Form } from "react-router";
import { hintClass } from "~/owner/desk-field";
import { dangerButton } from "~/owner/desk-frame";

export function TakeDownForm({ action, basedOn, busy }: { action: string; basedOn: number; busy: boolean }) {
  return (
    <Form method="post" action={action} className="mt-8 rounded-xl border border-red-200 bg-red-50 p-4">
      <input type="hidden" name="basedOn" value={basedOn} />
      <p className="font-semibold text-navy-900">Take this article off the site</p>
      <p className={hintClass}>
        It leaves the blog, the feed and the sitemap, and its address tells readers it has been taken down. Its history
        stays here: Restore puts it back.
      </p>
      <button type="submit" name="intent" value="take-down" className={`${dangerButton} mt-3`} disabled={busy}>
        Take off the site
      </button>
    </Form>
  );
}
