/**
 * The end-to-end tests' `test`: Playwright's, with every page watched. A console error, an uncaught
 * exception or a Content-Security-Policy violation fails the test that caused it, even when what
 * it asserts still looks right; a broken script or a blocked inline script is a visitor's problem.
 *
 * A test that provokes an error on purpose says so: `expectConsoleErrors(/status of 404/)`.
 */
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";

export { expect };

interface Watch {
  /** Console errors this test causes on purpose (a 404 page logs the path; a refused post logs the status). */
  expectConsoleErrors: (...patterns: RegExp[]) => void;
  pageProblems: void;
}

interface Record {
  expected: RegExp[];
  consoleErrors: string[];
  exceptions: string[];
}

const records = new WeakMap<BrowserContext, Record>();

function recordOf(context: BrowserContext): Record {
  let record = records.get(context);
  if (!record) {
    record = { expected: [], consoleErrors: [], exceptions: [] };
    records.set(context, record);
  }
  return record;
}

export const test = base.extend<Watch>({
  expectConsoleErrors: async ({ context }, provide) => {
    await provide((...patterns) => recordOf(context).expected.push(...patterns));
  },
  pageProblems: [
    async ({ context }, provide) => {
      const record = recordOf(context);
      // Chromium logs a violation too, but only the event names the directive.
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `Content-Security-Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"}`,
          );
        });
      });
      const watch = (page: Page) => {
        page.on("console", (message) => {
          if (message.type() === "error") record.consoleErrors.push(message.text());
        });
        page.on("pageerror", (error) => record.exceptions.push(error.message));
      };
      context.pages().forEach(watch);
      context.on("page", watch);
      await provide();
      const unexpected = record.consoleErrors.filter((text) => !record.expected.some((pattern) => pattern.test(text)));
      expect(
        [...unexpected.map((text) => `console error: ${text}`), ...record.exceptions.map((m) => `uncaught: ${m}`)],
        "the page logged errors, threw, or broke its Content-Security-Policy",
      ).toEqual([]);
    },
    { auto: true },
  ],
});
