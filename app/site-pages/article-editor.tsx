/**
 * The article editor on the desk: the article's words on the blog, in search results and in its
 * at-a-glance box, its related services, its introduction, then each section as a card (its heading,
 * text, and its steps, problems or questions as cards inside it), with 'Publish' first and last. A
 * text's bold words and links are rows under it: words copied from the text, and what they do.
 * One column on a phone, every control at least 44 px.
 */
import type { ComponentType } from "react";
import type { PhotoPreview, PictureControlProps } from "./page-pictures";
import { Form } from "react-router";
import { DeskField, DeskInput, DeskTextarea, hintClass } from "~/owner/desk-field";
import { dangerButton, inputClass, secondaryButton } from "~/owner/desk-frame";
import { DraftRevisionField, PublishButtons } from "./draft-line";
import { LinkChoiceOptions } from "./link-choice-options";
import {
  articleValuesFrom,
  blockName,
  fieldName,
  MOST_ITEMS,
  MOST_MARKS,
  MOST_SECTIONS,
  SECTION_KINDS,
  sectionKinds,
  wordRules,
  ARTICLE_PICTURE,
  sectionPicture,
  type ArticleWord,
} from "./article-form";
import type { TextBlock } from "./marked-text";
import type { LinkChoiceGroup } from "./faq-form";

type Errors = Partial<Record<string, string>>;

const idOf = (name: string) => `article-${name}`;

const TEXT_HINT =
  'Leave a blank line between paragraphs. Start a line with "- " for a list. Write {phone} or {email} for the business\'s.';

function Word({
  word,
  values,
  errors,
  long = false,
  hint,
}: {
  word: ArticleWord;
  values: Readonly<Record<string, string>>;
  errors: Errors;
  long?: boolean;
  hint?: string;
}) {
  const rule = wordRules[word];
  const common = {
    id: idOf(word),
    name: word,
    label: rule.label,
    hint,
    defaultValue: values[word],
    error: errors[word],
  };
  return long ? (
    <DeskTextarea {...common} rows={word === "keywords" ? 5 : 3} />
  ) : (
    <DeskInput {...common} maxLength={rule.most * 2} autoComplete="off" />
  );
}

function MarkRows({
  block,
  value,
  choices,
  errors,
}: {
  block: string;
  value: TextBlock;
  choices: readonly LinkChoiceGroup[];
  errors: Errors;
}) {
  // The marks it has, and one empty row to add another, up to the most a text takes.
  const rows = [...value.marks, { words: "", does: "", nth: 0 }].slice(0, MOST_MARKS);
  return (
    <div>
      <p className="text-sm font-semibold text-navy-900">Bold words and links</p>
      <p className={hintClass}>Copy words from the text and choose what they do.</p>
      <div className="mt-2 grid gap-2">
        {rows.map((mark, k) => {
          const words = fieldName.markWords(block, k);
          const does = fieldName.markDoes(block, k);
          return (
            <div key={k} className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
              {mark.nth ? <input type="hidden" name={fieldName.markNth(block, k)} value={mark.nth} /> : null}
              <DeskInput
                id={idOf(words)}
                name={words}
                label={`Mark ${k + 1}: words of the text`}
                defaultValue={mark.words}
                error={errors[words]}
                maxLength={300}
                autoComplete="off"
              />
              <DeskField id={idOf(does)} label={`Mark ${k + 1}: what it does`} error={errors[does]}>
                {(control) => (
                  <select {...control} name={does} defaultValue={mark.does} className={inputClass}>
                    <LinkChoiceOptions none="Nothing" groups={choices} />
                  </select>
                )}
              </DeskField>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function TextFields({
  block,
  value,
  label,
  choices,
  errors,
}: {
  block: string;
  value: TextBlock;
  label: string;
  choices: readonly LinkChoiceGroup[];
  errors: Errors;
}) {
  return (
    <>
      <DeskTextarea
        id={idOf(fieldName.text(block))}
        name={fieldName.text(block)}
        label={label}
        hint={TEXT_HINT}
        defaultValue={value.text}
        error={errors[fieldName.text(block)]}
        rows={6}
      />
      <MarkRows block={block} value={value} choices={choices} errors={errors} />
    </>
  );
}

/** Move up, Move down and Remove for a section or a part, each naming it for screen readers. */
function PlaceButtons({
  at,
  first,
  last,
  name,
  busy,
}: {
  at: string;
  first: boolean;
  last: boolean;
  name: string;
  busy: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {first ? null : (
        <button type="submit" name="intent" value={`move-up:${at}`} className={secondaryButton} disabled={busy}>
          Move up<span className="sr-only">{`: ${name}`}</span>
        </button>
      )}
      {last ? null : (
        <button type="submit" name="intent" value={`move-down:${at}`} className={secondaryButton} disabled={busy}>
          Move down<span className="sr-only">{`: ${name}`}</span>
        </button>
      )}
      <button type="submit" name="intent" value={`remove:${at}`} className={dangerButton} disabled={busy}>
        Remove<span className="sr-only">{`: ${name}`}</span>
      </button>
    </div>
  );
}

const cardClass = "mt-4 rounded-xl border border-slate-300 bg-white p-4";
const legendClass = "px-1 font-bold text-navy-900";

export function ArticleEditor({
  values,
  errors,
  markChoices,
  services,
  busy,
  photos,
  PictureControl,
}: {
  values: Readonly<Record<string, string>>;
  errors: Errors;
  markChoices: readonly LinkChoiceGroup[];
  services: readonly { slug: string; title: string }[];
  busy: boolean;
  photos: Readonly<Record<string, PhotoPreview>>;
  /** The control that shows the picture and takes a photo in its place (it sends photos, which is the desk's). */
  PictureControl: ComponentType<PictureControlProps>;
}) {
  const article = articleValuesFrom((name) => values[name] ?? "");
  const { sections } = article;
  const publish = <PublishButtons busy={busy} />;
  return (
    <Form method="post" className="mt-4" aria-label="Article">
      <input type="hidden" name="basedOn" value={values.basedOn ?? ""} />
      <DraftRevisionField revision={values.draftRevision} />
      <input type="hidden" name="sections" value={sections.length} />
      {/* First in the form, so Enter in a field publishes rather than pressing a section's Move down. */}
      {publish}
      <fieldset className={cardClass}>
        <legend className={legendClass}>On the blog</legend>
        <div className="grid gap-4">
          <Word word="title" values={values} errors={errors} />
          <Word
            word="slug"
            values={values}
            errors={errors}
            hint="A new address moves the article: the old one sends readers and search engines to it."
          />
          <Word word="category" values={values} errors={errors} />
          <Word word="excerpt" values={values} errors={errors} long />
          <PictureControl
            field={ARTICLE_PICTURE}
            value={values[ARTICLE_PICTURE.name] ?? ""}
            altValue=""
            error={errors[ARTICLE_PICTURE.name]}
            photos={photos}
            illustration=""
          />
          <Word word="imageAlt" values={values} errors={errors} long />
          <Word word="ctaLabel" values={values} errors={errors} />
        </div>
      </fieldset>
      <fieldset className={cardClass}>
        <legend className={legendClass}>In search results</legend>
        <div className="grid gap-4">
          <Word word="description" values={values} errors={errors} long />
          <Word word="keywords" values={values} errors={errors} long />
        </div>
      </fieldset>
      <fieldset className={cardClass}>
        <legend className={legendClass}>At a glance</legend>
        <p className={hintClass}>
          A box of four facts under the picture. Leave all four empty for an article without it.
        </p>
        <div className="mt-2 grid gap-4">
          <Word word="timeNeeded" values={values} errors={errors} />
          <Word word="difficulty" values={values} errors={errors} />
          <Word word="bestTime" values={values} errors={errors} />
          <Word word="cost" values={values} errors={errors} />
        </div>
      </fieldset>
      <fieldset className={cardClass}>
        <legend className={legendClass}>Related services</legend>
        <div className="grid gap-4">
          {(["related1", "related2"] as const).map((word) => (
            <DeskField key={word} id={idOf(word)} label={wordRules[word].label} error={errors[word]}>
              {(control) => (
                <select {...control} name={word} defaultValue={values[word]} className={inputClass}>
                  <option value="">Choose a service</option>
                  {services.map((s) => (
                    <option key={s.slug} value={s.slug}>
                      {s.title}
                    </option>
                  ))}
                </select>
              )}
            </DeskField>
          ))}
        </div>
      </fieldset>
      <fieldset className={cardClass}>
        <legend className={legendClass}>Introduction</legend>
        <div className="grid gap-4">
          <TextFields block="intro" value={article.intro} label="Text" choices={markChoices} errors={errors} />
        </div>
      </fieldset>
      {sections.map((section, i) => {
        const kind = sectionKinds[section.kind];
        const name = `section ${i + 1}`;
        return (
          <fieldset key={i} className={cardClass}>
            <legend className={legendClass}>{`Section ${i + 1} of ${sections.length}: ${kind.label}`}</legend>
            <input type="hidden" name={fieldName.kind(i)} value={section.kind} />
            <input type="hidden" name={fieldName.items(i)} value={section.items.length} />
            <div className="grid gap-4">
              <DeskInput
                id={idOf(fieldName.heading(i))}
                name={fieldName.heading(i)}
                label="Heading"
                defaultValue={section.heading}
                error={errors[fieldName.heading(i)]}
                maxLength={240}
                autoComplete="off"
              />
              <PictureControl
                field={sectionPicture(i)}
                value={section.photo}
                altValue={section.photoAlt}
                error={errors[fieldName.photo(i)]}
                altError={errors[fieldName.photoAlt(i)]}
                photos={photos}
                illustration=""
              />
              <TextFields
                block={blockName.section(i)}
                value={section}
                label={section.items.length ? `Text before the ${kind.itemsLabel}` : "Text"}
                choices={markChoices}
                errors={errors}
              />
              {section.items.map((item, j) => {
                const block = blockName.item(i, j);
                const itemName = `${kind.item.toLowerCase()} ${j + 1} of ${name}`;
                return (
                  <fieldset key={j} className="rounded-xl border border-slate-200 bg-sea-50 p-3">
                    <legend className={legendClass}>{`${kind.item} ${j + 1} of ${section.items.length}`}</legend>
                    <div className="grid gap-4">
                      <DeskInput
                        id={idOf(fieldName.itemTitle(i, j))}
                        name={fieldName.itemTitle(i, j)}
                        label={section.kind === "questions" ? "Question" : `${kind.item}'s heading`}
                        hint={section.kind === "steps" ? `The page shows it as "Step ${j + 1}: …".` : undefined}
                        defaultValue={item.title}
                        error={errors[fieldName.itemTitle(i, j)]}
                        maxLength={240}
                        autoComplete="off"
                      />
                      <TextFields
                        block={block}
                        value={item}
                        label={section.kind === "questions" ? "Answer" : "Text"}
                        choices={markChoices}
                        errors={errors}
                      />
                      <PlaceButtons
                        at={`${i}.${j}`}
                        first={j === 0}
                        last={j === section.items.length - 1}
                        name={itemName}
                        busy={busy}
                      />
                    </div>
                  </fieldset>
                );
              })}
              {section.items.length < MOST_ITEMS ? (
                <button type="submit" name="intent" value={`add:${i}+`} className={secondaryButton} disabled={busy}>
                  {`Add a ${kind.item.toLowerCase()}`}
                  <span className="sr-only">{` to ${name}`}</span>
                </button>
              ) : null}
              <PlaceButtons at={String(i)} first={i === 0} last={i === sections.length - 1} name={name} busy={busy} />
            </div>
          </fieldset>
        );
      })}
      {sections.length < MOST_SECTIONS ? (
        <div className="mt-4 grid gap-2 rounded-xl border border-dashed border-slate-300 p-4">
          <DeskField id={idOf("new-kind")} label="Kind of section to add">
            {(control) => (
              <select {...control} name="new-kind" defaultValue="text" className={inputClass}>
                {SECTION_KINDS.map((kind) => (
                  <option key={kind} value={kind}>
                    {kind === "text" ? "Section: a heading and text" : sectionKinds[kind].label}
                  </option>
                ))}
              </select>
            )}
          </DeskField>
          <button type="submit" name="intent" value="add" className={secondaryButton} disabled={busy}>
            Add a section
          </button>
        </div>
      ) : null}
      <div className="mt-4">{publish}</div>
      <p className={hintClass}>Nothing changes on the public article until you publish.</p>
    </Form>
  );
}
