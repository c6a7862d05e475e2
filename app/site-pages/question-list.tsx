/**
 * Questions and answers on the desk, as the FAQ and a service page both hold them: each a card with
 * the question, the answer and the links on its words, with buttons to move it up or down or remove
 * it, and 'Add a question' after them. Every button posts the whole form, so the questions move and
 * grow the same way without the script, and nothing reaches the public page before 'Publish'.
 */
import { DeskField, DeskInput, DeskTextarea, hintClass } from "~/owner/desk-field";
import { dangerButton, inputClass, secondaryButton } from "~/owner/desk-frame";
import { LinkChoiceOptions } from "./link-choice-options";
import { fieldName, MOST_LINKS, type LinkChoiceGroup, type QuestionValues } from "./faq-form";

export type QuestionErrors = Partial<Record<string, string>>;

const idOf = (name: string) => `faq-${name}`;

function LinkRow({
  i,
  j,
  link,
  groups,
  errors,
}: {
  i: number;
  j: number;
  link: { words: string; to: string };
  groups: readonly LinkChoiceGroup[];
  errors: QuestionErrors;
}) {
  const words = fieldName.linkWords(i, j);
  const to = fieldName.linkTo(i, j);
  return (
    <div className="grid gap-2 rounded-lg bg-slate-50 p-3 sm:grid-cols-2">
      <DeskInput
        id={idOf(words)}
        name={words}
        label={`Link ${j + 1}: words of the answer`}
        defaultValue={link.words}
        error={errors[words]}
        maxLength={200}
        autoComplete="off"
      />
      <DeskField id={idOf(to)} label={`Link ${j + 1}: leads to`} error={errors[to]}>
        {(control) => (
          <select {...control} name={to} defaultValue={link.to} className={inputClass}>
            <LinkChoiceOptions none="No link" groups={groups} />
          </select>
        )}
      </DeskField>
    </div>
  );
}

function QuestionCard({
  i,
  count,
  q,
  groups,
  errors,
  busy,
}: {
  i: number;
  count: number;
  q: QuestionValues;
  groups: readonly LinkChoiceGroup[];
  errors: QuestionErrors;
  busy: boolean;
}) {
  // The links it has, and one empty row to add another, up to the most an answer takes.
  const rows = [...q.links, { words: "", to: "" }].slice(0, MOST_LINKS);
  return (
    <fieldset className="mt-4 rounded-xl border border-slate-300 bg-white p-4">
      <legend className="px-1 font-bold text-navy-900">{`Question ${i + 1} of ${count}`}</legend>
      {q.anchor ? <input type="hidden" name={fieldName.anchor(i)} value={q.anchor} /> : null}
      <div className="grid gap-4">
        <DeskInput
          id={idOf(fieldName.question(i))}
          name={fieldName.question(i)}
          label="Question"
          defaultValue={q.question}
          error={errors[fieldName.question(i)]}
          maxLength={300}
          autoComplete="off"
        />
        <DeskTextarea
          id={idOf(fieldName.answer(i))}
          name={fieldName.answer(i)}
          label="Answer"
          hint="Leave a blank line between paragraphs. Write {phone} or {email} for the business's, so a new one reaches this answer."
          defaultValue={q.answer}
          error={errors[fieldName.answer(i)]}
          rows={6}
        />
        <div>
          <p className="text-sm font-semibold text-navy-900">Links</p>
          <p className={hintClass}>Copy words from the answer and choose where they lead.</p>
          <div className="mt-2 grid gap-2">
            {rows.map((link, j) => (
              <LinkRow key={j} i={i} j={j} link={link} groups={groups} errors={errors} />
            ))}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          {i > 0 ? (
            <button type="submit" name="intent" value={`move-up:${i}`} className={secondaryButton} disabled={busy}>
              Move up<span className="sr-only">{`: question ${i + 1}`}</span>
            </button>
          ) : null}
          {i < count - 1 ? (
            <button type="submit" name="intent" value={`move-down:${i}`} className={secondaryButton} disabled={busy}>
              Move down<span className="sr-only">{`: question ${i + 1}`}</span>
            </button>
          ) : null}
          <button type="submit" name="intent" value={`remove:${i}`} className={dangerButton} disabled={busy}>
            Remove<span className="sr-only">{`: question ${i + 1}`}</span>
          </button>
        </div>
      </div>
    </fieldset>
  );
}

/** The questions in their order, then 'Add a question' while there is room for one. */
export function QuestionList({
  questions,
  groups,
  errors,
  busy,
  most,
}: {
  questions: readonly QuestionValues[];
  groups: readonly LinkChoiceGroup[];
  errors: QuestionErrors;
  busy: boolean;
  most: number;
}) {
  return (
    <>
      <input type="hidden" name="count" value={questions.length} />
      {questions.map((q, i) => (
        <QuestionCard
          key={`${i}-${q.anchor}`}
          i={i}
          count={questions.length}
          q={q}
          groups={groups}
          errors={errors}
          busy={busy}
        />
      ))}
      {questions.length < most ? (
        <button type="submit" name="intent" value="add-question" className={`${secondaryButton} mt-4`} disabled={busy}>
          Add a question
        </button>
      ) : null}
    </>
  );
}
