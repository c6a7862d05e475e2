/**
 * 'Add a question', 'Move up', 'Move down' and 'Remove' on an editor's questions: each gives the
 * questions with the change made, which come back on the form; nothing is stored until 'Publish'.
 * A question's buttons name it after the action ("move-up:2").
 */
import { blankQuestion, type QuestionValues } from "./faq-form";

export const QUESTION_EDITS = ["add-question", "move-up", "move-down", "remove"] as const;
export type QuestionEdit = (typeof QUESTION_EDITS)[number];

export type QuestionEditOutcome =
  { ok: true; done: string; questions: QuestionValues[] } | { ok: false; error: string };

/** The action a button names and the question it names, from "move-up:2". */
export function splitIntent(posted: string): { intent: string; at: string } {
  const [intent = "", at = ""] = posted.split(":");
  return { intent, at };
}

const NOT_ON_FORM: QuestionEditOutcome = { ok: false, error: "That question is not on the form." };

export function editQuestions(
  edit: QuestionEdit,
  at: string,
  questions: readonly QuestionValues[],
  most: number,
): QuestionEditOutcome {
  if (edit === "add-question")
    return questions.length >= most
      ? { ok: false, error: `This page holds at most ${most} questions.` }
      : {
          ok: true,
          done: "Added a question at the end: write it, then publish.",
          questions: [...questions, blankQuestion()],
        };
  const i = Number(at);
  if (!/^\d+$/.test(at) || i >= questions.length) return NOT_ON_FORM;
  if (edit === "remove")
    return {
      ok: true,
      done: `Removed question ${i + 1} from the form. Publish to take it off the page.`,
      questions: questions.filter((_, j) => j !== i),
    };
  const to = edit === "move-up" ? i - 1 : i + 1;
  if (to < 0 || to >= questions.length) return NOT_ON_FORM;
  const moved = [...questions];
  const [question] = moved.splice(i, 1);
  if (question) moved.splice(to, 0, question);
  return {
    ok: true,
    done: `Moved question ${i + 1} ${edit === "move-up" ? "up" : "down"}. Publish to put the new order on the page.`,
    questions: moved,
  };
}
