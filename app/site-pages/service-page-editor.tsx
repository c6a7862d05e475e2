/**
 * The service page editor on the desk: the page's words in groups (its search listing, then each
 * section in page order, every heading, text, list item, card and picture description a field),
 * then its questions (`question-list.tsx`), with 'Publish' first and last. One column on a phone,
 * every control at least 44 px. The page's shape (its sections, icons and pictures) is not offered.
 */
import { Form } from "react-router";
import { DeskInput, DeskTextarea, hintClass } from "~/owner/desk-field";
import { DraftRevisionField, PublishButtons } from "./draft-line";
import { formValuesFrom, type LinkChoiceGroup } from "./faq-form";
import type { WordGroup } from "./page-words";
import { QuestionList, type QuestionErrors } from "./question-list";

const idOf = (name: string) => `page-${name.replace(/\./g, "-")}`;

export function ServicePageEditor({
  groups,
  hasQuestions,
  mostQuestions,
  values,
  errors,
  linkGroups,
  busy,
}: {
  groups: readonly WordGroup[];
  hasQuestions: boolean;
  mostQuestions: number;
  values: Readonly<Record<string, string>>;
  errors: QuestionErrors;
  linkGroups: readonly LinkChoiceGroup[];
  busy: boolean;
}) {
  const { questions } = formValuesFrom((name) => values[name] ?? "");
  return (
    <Form method="post" className="mt-4" aria-label="Page">
      <input type="hidden" name="basedOn" value={values.basedOn ?? ""} />
      <DraftRevisionField revision={values.draftRevision} />
      {/* First in the form, so Enter in a field publishes rather than pressing a question's Move down. */}
      <PublishButtons busy={busy} />
      {groups.map((group) => (
        <fieldset key={group.legend} className="mt-4 rounded-xl border border-slate-300 bg-white p-4">
          <legend className="px-1 font-bold text-navy-900">{group.legend}</legend>
          <div className="grid gap-4">
            {group.fields.map((field) =>
              field.long ? (
                <DeskTextarea
                  key={field.name}
                  id={idOf(field.name)}
                  name={field.name}
                  label={field.label}
                  defaultValue={values[field.name]}
                  error={errors[field.name]}
                  rows={4}
                />
              ) : (
                <DeskInput
                  key={field.name}
                  id={idOf(field.name)}
                  name={field.name}
                  label={field.label}
                  defaultValue={values[field.name]}
                  error={errors[field.name]}
                  autoComplete="off"
                />
              ),
            )}
          </div>
        </fieldset>
      ))}
      {hasQuestions ? (
        <section aria-labelledby="page-questions" className="mt-6">
          <h2 id="page-questions" className="text-lg font-bold text-navy-900">
            Questions on the page
          </h2>
          <QuestionList questions={questions} groups={linkGroups} errors={errors} busy={busy} most={mostQuestions} />
        </section>
      ) : null}
      <div className="mt-4">
        <PublishButtons busy={busy} />
      </div>
      <p className={hintClass}>
        Write {"{phone}"} or {"{email}"} for the business's, so a new one reaches this page. Nothing changes on the
        public page until you publish.
      </p>
    </Form>
  );
}
