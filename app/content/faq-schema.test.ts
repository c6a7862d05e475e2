import { describe, expect, it } from "vitest";
import { crossCheckFaq, parseFaqCategory, type FaqCategory } from "./faq-schema";
import { faqCategories, faqCategoriesFor, faqFiles } from "./faq.server";
import { plainText, unknownLinks } from "./markdown";
import { displayPhone, firstFacts, type BusinessFacts } from "./business-facts";

const front = "---\nname: Home Watch\nicon: eye\norder: 1\n---\n\n";
const question = (n: number, answer = "We check the house every week.") =>
  `## Question ${n}? {#q-${n}}\n\n${answer}\n\n`;
const fourQuestions = [1, 2, 3, 4].map((n) => question(n)).join("");

const problemsOf = (source: string, file = "faq/home-watch.md") => {
  try {
    parseFaqCategory(file, source);
    return "";
  } catch (error) {
    return String(error);
  }
};

describe("FAQ content files", () => {
  it("load in their order, each with its anchor and questions", () => {
    expect(faqCategories.map((c) => c.order)).toEqual(faqCategories.map((_, i) => i + 1));
    expect(crossCheckFaq(faqCategories)).toEqual([]);
  });

  it("answer with the business facts, not retyped ones", () => {
    const answers = faqCategories.flatMap((c) => c.questions.map((q) => plainText(q.answer))).join("\n");
    expect(answers).toContain(displayPhone(firstFacts.phone));
    expect(answers).toContain(firstFacts.hicRegistration);
    expect(answers).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it("answer with the facts in force once others are published, read once per set of facts", () => {
    const facts: BusinessFacts = {
      ...firstFacts,
      phone: "+16095550199",
      hours: { ...firstFacts.hours, Saturday: { opens: "10:00", closes: "14:00" } },
    };
    const inForce = { facts, week: facts.hours };
    const answers = faqCategoriesFor(faqFiles, inForce)
      .flatMap((c) => c.questions.map((q) => plainText(q.answer)))
      .join("\n");
    expect(answers).toContain("(609) 555-0199");
    expect(answers).not.toContain(displayPhone(firstFacts.phone));
    expect(answers).toContain("Saturday: 10am - 2pm");
    expect(faqCategoriesFor(faqFiles, inForce)).toBe(faqCategoriesFor(faqFiles, inForce));
    // The first facts' reading is left as it was.
    expect(faqCategories.flatMap((c) => c.questions.map((q) => plainText(q.answer))).join("\n")).toContain(
      displayPhone(firstFacts.phone),
    );
  });

  it("read a category: name, icon, order and questions with their anchors", () => {
    const category = parseFaqCategory("faq/home-watch.md", `${front}${fourQuestions}`);
    expect(category).toMatchObject({ id: "home-watch", name: "Home Watch", icon: "eye", order: 1 });
    expect(category.questions[0]).toEqual({
      id: "q-1",
      question: "Question 1?",
      answer: [["We check the house every week."]],
    });
  });

  it("join a paragraph wrapped over several lines with spaces, as a browser shows it", () => {
    const category = parseFaqCategory(
      "faq/home-watch.md",
      `${front}${question(1, "One line\nand the next.")}${fourQuestions.slice(fourQuestions.indexOf("## Question 2"))}`,
    );
    expect(category.questions[0]?.answer).toEqual([["One line and the next."]]);
  });
});

describe("a broken FAQ file stops the build, naming the file and the field", () => {
  it("an icon the site does not draw", () => {
    expect(problemsOf(`${front.replace("icon: eye", "icon: rocket")}${fourQuestions}`)).toMatch(
      /faq\/home-watch\.md is invalid:[\s\S]*icon: /,
    );
  });

  it("a question without its anchor", () => {
    expect(problemsOf(`${front}## No anchor?\n\nAnswer.\n\n${fourQuestions}`)).toMatch(
      /question "No anchor\?": needs its anchor/,
    );
  });

  it("fewer than four questions", () => {
    expect(problemsOf(`${front}${question(1)}`)).toMatch(/holds 1 questions; a category holds at least 4/);
  });

  it("an unknown token in a question or an answer", () => {
    const source = `${front}## Who is {company}? {#who}\n\nCall {fone}.\n\n${fourQuestions}`;
    const problems = problemsOf(source);
    expect(problems).toMatch(/question 1 \("Who is \{company\}\?"\): unknown token \{company\}/);
    expect(problems).toMatch(/unknown token \{fone\}/);
  });

  it("text before the first question, or a heading of another level", () => {
    expect(problemsOf(`${front}Intro text.\n\n${fourQuestions}`)).toMatch(/body: starts with a paragraph/);
    expect(problemsOf(`${front}${fourQuestions}### Aside\n`)).toMatch(
      /question 4 \("Question 4\?"\): holds a level 3 heading/,
    );
  });

  it("a file name that is not a usable anchor", () => {
    expect(problemsOf(`${front}${fourQuestions}`, "faq/Home Watch.md")).toMatch(/file name: "Home Watch" .*kebab-case/);
  });

  it("a link to a page the site does not have", () => {
    const category = parseFaqCategory(
      "faq/home-watch.md",
      `${front}${question(1, "See [the gallery](/gallery).")}${fourQuestions}`,
    );
    expect(unknownLinks(category.questions, new Set(["/", "/services"]))).toEqual([
      'body: question "Question 1?": link to /gallery leads to no page of the site',
    ]);
  });

  it("two categories with one order, or an anchor used twice on the page", () => {
    const a: FaqCategory = parseFaqCategory("faq/general.md", `${front}${fourQuestions}`);
    const b: FaqCategory = parseFaqCategory("faq/home-watch.md", `${front}${fourQuestions}`);
    const problems = crossCheckFaq([a, b]);
    expect(problems).toContain("order: the categories' orders must run 1 to 2 (found 1, 1)");
    expect(problems).toContain("anchor #q-1 is used twice on the FAQ page");
  });
});
