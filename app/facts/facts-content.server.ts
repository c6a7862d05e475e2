/**
 * Whether the site's copy still reads under a set of facts, before they are published. Copy quotes
 * the facts (`{phone}`, `{officeHours}`) and its lengths are checked on what pages show, so a much
 * longer phone line or hours line could break a page that was fine at build. The copy is read with
 * the regular week and with each special range's, as the pages will be on those days.
 */
import { weekOn, type BusinessFacts } from "~/content/business-facts";
import { articlesFor } from "~/content/articles.server";
import { faqCategoriesFor } from "~/content/faq.server";
import { getServicePage } from "~/content/service-pages.server";
import { serviceSlugs } from "~/content/services";

/** The first problem the copy would have, in words for the owner; undefined when it reads. */
export function copyProblem(facts: BusinessFacts): string | undefined {
  const weeks = [facts.hours, ...facts.specialHours.map((r) => weekOn(facts, r.firstDay))];
  for (const week of weeks) {
    const inForce = { facts, week };
    try {
      faqCategoriesFor(inForce);
      articlesFor(inForce);
      for (const slug of serviceSlugs) getServicePage(slug, inForce);
    } catch (error) {
      const detail = error instanceof Error ? (error.message.split("\n")[1] ?? error.message).trim() : String(error);
      return `With these facts a page's text would break (${detail}). Shorten the fact it names and publish again.`;
    }
  }
  return undefined;
}
