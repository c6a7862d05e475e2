/**
 * The FAQ: `content/faq/<category>.md`, read and checked when the server bundle loads, so a broken
 * file stops the build with the file and the field named.
 */
import { crossCheckFaq, parseFaqCategory, type FaqCategory } from "./faq-schema";
import { ContentError, contentPath, unknownLinks } from "./markdown";
import { sitePaths } from "./site-paths.server";

const sources = import.meta.glob<string>("./faq/*.md", { query: "?raw", import: "default", eager: true });

function load(): FaqCategory[] {
  const categories = Object.entries(sources).map(([key, source]) => {
    const file = contentPath(key);
    const category = parseFaqCategory(file, source);
    const problems = unknownLinks(category.questions, sitePaths);
    if (problems.length) throw new ContentError(file, problems);
    return category;
  });
  const problems = crossCheckFaq(categories);
  if (problems.length) throw new ContentError("app/content/faq/", problems);
  return categories.sort((a, b) => a.order - b.order);
}

/** The categories in page order. */
export const faqCategories: readonly FaqCategory[] = load();
