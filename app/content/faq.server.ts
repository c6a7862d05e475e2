/**
 * The FAQ: `content/faq/<category>.md`, read and checked when the server bundle loads, so a broken
 * file stops the build with the file and the field named, and read again with each publish of the
 * business facts its answers quote. (Its links to the rest of the site are
 * checked by the build's content step: `scripts/content-links.ts`.)
 */
import { crossCheckFaq, parseFaqCategory, type FaqCategory } from "./faq-schema";
import { ContentError, contentPath } from "./markdown";
import { firstFacts } from "./business-facts";
import type { FactsInForce } from "./service-pages.server";
import { perFacts, readWithFacts } from "./tokens";

const sources = import.meta.glob<string>("./faq/*.md", { query: "?raw", import: "default", eager: true });

function load(): FaqCategory[] {
  const categories = Object.entries(sources).map(([key, source]) => parseFaqCategory(contentPath(key), source));
  const problems = crossCheckFaq(categories);
  if (problems.length) throw new ContentError("app/content/faq/", problems);
  return categories.sort((a, b) => a.order - b.order);
}

const categoriesFor = perFacts((inForce: FactsInForce): readonly FaqCategory[] =>
  readWithFacts(inForce.facts, inForce.week, load),
);

/** The categories in page order, with the repository's first facts: what the build checks. */
export const faqCategories: readonly FaqCategory[] = categoriesFor({ facts: firstFacts, week: firstFacts.hours });

/** The categories in page order, with the facts in force. */
export const faqCategoriesFor = (inForce: FactsInForce): readonly FaqCategory[] => categoriesFor(inForce);
