import { describe, expect, it } from "vitest";
import { faqFiles } from "~/content/faq.server";
import { parseFaqCategory } from "~/content/faq-schema";
import { plainText } from "~/content/markdown";
import { readKeepingTokens } from "~/content/tokens";
import {
  categoryMarkdown,
  FACT_CHOICES,
  fieldName,
  frontMatterOf,
  newAnchor,
  questionProblems,
  questionValues,
  type QuestionValues,
} from "./faq-form";

const kept = (name: string, markdown: string) =>
  readKeepingTokens(() => parseFaqCategory(`app/content/faq/${name}.md`, markdown));

const allowed = new Set(["/estimate", "/services/decks-and-stairs", ...FACT_CHOICES.choices.map((c) => c.to)]);

const question = (over: Partial<QuestionValues> = {}): QuestionValues => ({
  anchor: "shutters",
  question: "Do you install storm shutters?",
  answer: "Yes.",
  links: [],
  ...over,
});

describe("the FAQ editor's form", () => {
  it.each(Object.keys(faqFiles))("writes the %s category back as the same questions, tokens kept", (name) => {
    const file = faqFiles[name] ?? "";
    const values = kept(name, file).questions.map(questionValues);
    const written = categoryMarkdown(frontMatterOf(file), values);
    expect(kept(name, written).questions.map(questionValues)).toEqual(values);
    // Read as the public page reads it, with the facts in: the same answers as the repository's file.
    const answers = (markdown: string) =>
      parseFaqCategory(`app/content/faq/${name}.md`, markdown).questions.map((q) => [q.question, q.answer]);
    expect(answers(written)).toEqual(answers(file));
  });

  it("shows markup, Markdown and entities exactly as typed", () => {
    const typed = [
      "<script>alert(1)</script> & <b>bold</b>",
      "*stars* _under_ `code` ~~strike~~ [brackets](/x) ![img](/y.png) | pipe",
      "# not a heading",
      "- not a list",
      "2025. not a list either",
      "&amp; &#169; stay as typed; a \\ backslash",
      "> not a quote",
      "===",
    ];
    for (const text of typed) {
      const markdown = categoryMarkdown("---\nname: Test\nicon: home\norder: 1\n---", [
        question({ answer: text }),
        question({ anchor: "b", question: "Is # fine in a question <i>?" }),
        question({ anchor: "c" }),
        question({ anchor: "d" }),
      ]);
      const read = parseFaqCategory("app/content/faq/test.md", markdown);
      expect(plainText(read.questions[0]?.answer ?? []), text).toBe(text.replace(/\s+/g, " "));
      expect(read.questions[1]?.question).toBe("Is # fine in a question <i>?");
    }
  });

  it("puts each link on the answer's words, and refuses words the answer lacks or a place not offered", () => {
    const q = question({
      answer: "Call us or ask for an estimate.\n\nWe also call back.",
      links: [
        { words: "call", to: "tel:{phone}" },
        { words: "Call us", to: "tel:{phone}" },
        { words: "an estimate", to: "/estimate" },
      ],
    });
    const markdown = categoryMarkdown(
      "---\nname: Test\nicon: home\norder: 1\n---",
      [q, q, q, q].map((x, i) => ({ ...x, anchor: `q${i}` })),
    );
    expect(markdown).toContain(
      "[Call us](tel:{phone}) or ask for [an estimate](/estimate).\n\nWe also [call](tel:{phone}) back.",
    );
    expect(questionProblems([q, q, q, q], allowed)).toEqual({});
    const wrong = question({
      links: [
        { words: "No", to: "/estimate" },
        { words: "Yes", to: "https://evil.example" },
      ],
    });
    expect(questionProblems([wrong, q, q, q], allowed)).toEqual({
      [fieldName.linkWords(0, 0)]: "These words are not in the answer: copy them from it, exactly.",
      [fieldName.linkTo(0, 1)]: "Choose where the link leads from the list.",
    });
  });

  it("refuses an empty, unmarked or hidden-character field, a typed web or email address, and too few questions", () => {
    const problems = questionProblems(
      [
        question({ question: "" }),
        question({ question: "No mark" }),
        question({ answer: "See www.example.com" }),
        question({ answer: "Write to someone@example.com" }),
        question({ answer: "Zero\u200bwidth" }),
      ],
      allowed,
    );
    expect(problems).toEqual({
      [fieldName.question(0)]: "Write the question.",
      [fieldName.question(1)]: "End the question with a question mark.",
      [fieldName.answer(2)]:
        "Take the web address out: link words of the answer to a page of the site with a link below.",
      [fieldName.answer(3)]: "Take the email address out: write {email} for the business's, or link words to it below.",
      [fieldName.answer(4)]: expect.stringContaining("U+200B"),
    });
    expect(questionProblems([question()], allowed).form).toMatch(/at least 4 questions/);
  });

  it("makes a new question's anchor from its words, unlike the page's others", () => {
    expect(newAnchor("Do you install storm shutters on {town} homes?", new Set())).toBe(
      "do-you-install-storm-shutters-on",
    );
    expect(newAnchor("Shutters?", new Set(["shutters", "shutters-2"]))).toBe("shutters-3");
    expect(newAnchor("???", new Set())).toBe("question");
  });
});
