/**
 * The FAQ editor on the desk: one category's questions (`question-list.tsx`), with 'Publish' first
 * and last. Laid out for a phone first: one column, every control at least 44 px.
 */
import { Form } from "react-router";
import { hintClass } from "~/owner/desk-field";
import { primaryButton } from "~/owner/desk-frame";
import { MOST_QUESTIONS, type FaqFormValues, type LinkChoiceGroup } from "./faq-form";
import { QuestionList, type QuestionErrors } from "./question-list";

export function FaqEditor({
  values,
  errors,
  groups,
  busy,
}: {
  values: FaqFormValues;
  errors: QuestionErrors;
  groups: readonly LinkChoiceGroup[];
  busy: boolean;
}) {
  return (
    <Form method="post" className="mt-4" aria-label="Questions">
      <input type="hidden" name="basedOn" value={values.basedOn} />
      {/* First in the form, so Enter in a field publishes rather than pressing a question's Move down. */}
      <button type="submit" name="intent" value="publish" className={primaryButton} disabled={busy}>
        Publish
      </button>
      <QuestionList questions={values.questions} groups={groups} errors={errors} busy={busy} most={MOST_QUESTIONS} />
      <div className="mt-4">
        <button type="submit" name="intent" value="publish" className={primaryButton} disabled={busy}>
          Publish
        </button>
      </div>
      <p className={hintClass}>Nothing changes on the public page until you publish.</p>
    </Form>
  );
}
