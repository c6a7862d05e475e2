/**
 * The FAQ editor on the desk: one category's questions (`question-list.tsx`), with 'Publish' and
 * 'Save draft' first and last. Laid out for a phone first: one column, every control at least 44 px.
 */
import { Form } from "react-router";
import { hintClass } from "~/owner/desk-field";
import { DraftRevisionField, PublishButtons } from "./draft-line";
import { MOST_QUESTIONS, type FaqFormValues, type LinkChoiceGroup } from "./faq-form";
import { QuestionList, type QuestionErrors } from "./question-list";

export function FaqEditor({
  values,
  draftRevision,
  errors,
  groups,
  busy,
}: {
  values: FaqFormValues;
  draftRevision: string | undefined;
  errors: QuestionErrors;
  groups: readonly LinkChoiceGroup[];
  busy: boolean;
}) {
  return (
    <Form method="post" className="mt-4" aria-label="Questions">
      <input type="hidden" name="basedOn" value={values.basedOn} />
      <DraftRevisionField revision={draftRevision} />
      {/* First in the form, so Enter in a field publishes rather than pressing a question's Move down. */}
      <PublishButtons busy={busy} />
      <QuestionList questions={values.questions} groups={groups} errors={errors} busy={busy} most={MOST_QUESTIONS} />
      <div className="mt-4">
        <PublishButtons busy={busy} />
      </div>
      <p className={hintClass}>Nothing changes on the public page until you publish.</p>
    </Form>
  );
}
