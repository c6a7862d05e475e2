/**
 * The FAQ: `content/faq/<category>.md`, read and checked when the server bundle loads, so a broken
 * file stops the build with the file and the field named. (Its links to the rest of the site are
 * checked by the build's content step: `scripts/content-links.ts`.)
 */
import { crossCheckFaq, parseFaqCategory, type FaqCategory } from "./faq-schema";
import { ContentError, contentPath } from "./markdown";

const sources = import.meta.glob<string>("./faq/*.md", { query: "?raw", import: "default", eager: true });

function load(): FaqCategory[] {
  const categories = Object.entries(sources).map(([key, source]) => parseFaqCategory(contentPath(key), source));
  const problems = crossCheckFaq(categories);
  if (problems.length) throw new ContentError("app/content/faq/", problems);
  return categories.sort((a, b) => a.order - b.order);
}

/** The categories in page order. */
export const faqCategories: readonly FaqCategory[] = load();
