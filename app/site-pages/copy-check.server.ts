/**
 * Whether the site's written pages still read, before something is published: new business facts,
 * or a new version of one page. Copy quotes the facts (`{phone}`, `{officeHours}`) and its lengths
 * are checked on what pages show, so a much longer phone line or hours line could break a page
 * that was fine at build. Every page is read with the regular week and with each special range's,
 * as the pages will be on those days.
 */
import { weekOn, type BusinessFacts } from "~/content/business-facts";
import { articlesFor } from "~/content/articles.server";
import { faqCategoriesFor } from "~/content/faq.server";
import type { PageFiles } from "~/content/markdown";
import { getServicePage } from "~/content/service-pages.server";
import { serviceSlugs } from "~/content/services";
import { PAGE_KINDS, type PageKind } from "./page-kinds";
import { liveFiles } from "./site-pages-source.server";

type SomeFiles = Partial<Readonly<Record<PageKind, PageFiles>>>;

const liveAll = (): SomeFiles => Object.fromEntries(PAGE_KINDS.map((kind) => [kind, liveFiles(kind)]));

/** What reading the pages with these facts breaks: the content error's lines, without the file's name. */
function readProblems(files: SomeFiles, facts: BusinessFacts): string[] {
  const weeks = [facts.hours, ...facts.specialHours.map((r) => weekOn(facts, r.firstDay))];
  for (const week of weeks) {
    const inForce = { facts, week };
    try {
      if (files.faq) faqCategoriesFor(files.faq, inForce);
      if (files.article) articlesFor(files.article, inForce);
      const services = files.service;
      if (services) for (const slug of serviceSlugs) getServicePage(slug, services, inForce);
    } catch (error) {
      const lines = error instanceof Error ? error.message.split("\n") : [String(error)];
      const problems = lines.slice(1).map((line) => line.trim());
      return problems.length ? problems : lines;
    }
  }
  return [];
}

/** The first problem the published pages would have with these facts, in words for the owner. */
export function copyProblem(facts: BusinessFacts): string | undefined {
  const [detail] = readProblems(liveAll(), facts);
  return detail === undefined
    ? undefined
    : `With these facts a page's text would break (${detail}). Shorten the fact it names and publish again.`;
}

/**
 * What keeps a kind of page from being published as `files` (the page's new Markdown among the
 * others in force), with these facts: none when every page reads.
 */
export const pageProblems = (kind: PageKind, files: PageFiles, facts: BusinessFacts): string[] =>
  readProblems({ [kind]: files }, facts);
