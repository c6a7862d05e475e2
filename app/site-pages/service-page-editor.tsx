/**
 * The service page editor on the desk: the page's words in groups (its search listing, then each
 * section in page order, every heading, text, list item, card and picture description a field),
 * then its questions (`question-list.tsx`), with 'Publish' first and last. One column on a phone,
 * every control at least 44 px. Each picture of the top and the gallery can be replaced by a photo
 * from the phone. The page's shape (its sections and icons) is not offered.
 */
import type { ComponentType } from "react";
import { Form } from "react-router";
import { DeskInput, DeskTextarea, hintClass } from "~/owner/desk-field";
import { DraftRevisionField, PublishButtons } from "./draft-line";
import { formValuesFrom, type LinkChoiceGroup } from "./faq-form";
import type { PhotoPreview, PictureControlProps } from "./page-pictures";
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
  photos,
  illustration,
  PictureControl,
}: {
  groups: readonly WordGroup[];
  hasQuestions: boolean;
  mostQuestions: number;
  values: Readonly<Record<string, string>>;
  errors: QuestionErrors;
  linkGroups: readonly LinkChoiceGroup[];
  busy: boolean;
  photos: Readonly<Record<string, PhotoPreview>>;
  illustration: string;
  /** The control that shows a picture and takes a photo in its place (it sends photos, which is the desk's). */
  PictureControl: ComponentType<PictureControlProps>;
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
            {group.pictures.map((picture) => (
              <PictureControl
                key={picture.name}
                field={picture}
                value={values[picture.name] ?? ""}
                altValue={picture.alt ? (values[picture.alt.name] ?? "") : ""}
                error={errors[picture.name]}
                altError={picture.alt ? errors[picture.alt.name] : undefined}
                photos={photos}
                illustration={illustration}
              />
            ))}
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
