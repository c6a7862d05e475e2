/**
 * The FAQ: `content/faq/<category>.md`, read and checked when the server bundle loads, so a broken
 * file stops the build with the file and the field named, and read again with each publish of its
 * questions or of the business facts its answers quote. (Its links to the rest of the site are
 * checked by the build's content step: `scripts/content-links.ts`.)
 */
import { crossCheckFaq, parseFaqCategory, type FaqCategory } from "./faq-schema";
import { ContentError, filesByName, type PageFiles } from "./markdown";
import { firstFacts } from "./business-facts";
import type { FactsInForce } from "./service-pages.server";
import { perCopyAndFacts, readWithFacts } from "./tokens";

/** The repository's FAQ categories, by name: what the build renders and the live layer starts from. */
export const faqFiles: PageFiles = filesByName(
  import.meta.glob<string>("./faq/*.md", { query: "?raw", import: "default", eager: true }),
);

/** Where a category's file lives, as the build's messages name it. */
export const faqCategoryPath = (name: string) => `app/content/faq/${name}.md`;

function read(files: PageFiles): FaqCategory[] {
  const categories = Object.entries(files).map(([name, source]) => parseFaqCategory(faqCategoryPath(name), source));
  const problems = crossCheckFaq(categories);
  if (problems.length) throw new ContentError("app/content/faq/", problems);
  return categories.sort((a, b) => a.order - b.order);
}

const categoriesFor = perCopyAndFacts((files: PageFiles, inForce: FactsInForce): readonly FaqCategory[] =>
  readWithFacts(inForce.facts, inForce.week, () => read(files)),
);

/** The repository's categories in page order, with its first facts: what the build checks. */
export const faqCategories: readonly FaqCategory[] = categoriesFor(faqFiles, {
  facts: firstFacts,
  week: firstFacts.hours,
});

/** The categories `files` write, in page order, with the facts in force. */
export const faqCategoriesFor = (files: PageFiles, inForce: FactsInForce): readonly FaqCategory[] =>
  categoriesFor(files, inForce);
