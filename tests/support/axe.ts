/**
 * axe-core on a page as every end-to-end test runs it: WCAG 2.0, 2.1 and 2.2, levels A and AA.
 * Each violation reads as its rule, its help and the first three elements it names, so a failure
 * says where to look. Only violations are collected in detail: the passes and the rules that need
 * a person's review are not what a test asserts, and listing every node of them doubles the time
 * a scan takes.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** `exclude`: selectors left out, such as a frame holding a page that is checked on its own. */
export async function axeViolations(page: Page, exclude: readonly string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  for (const selector of exclude) builder.exclude(selector);
  const results = await builder
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ["violations"] })
    .analyze();
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
}
