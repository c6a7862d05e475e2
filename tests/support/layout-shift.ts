import type { Page } from "@playwright/test";

export interface LayoutShift {
  value: number;
  /** ms after navigation started. */
  at: number;
  /** What moved: the element, and its box before and after (x, y, width, height). */
  moved: string[];
}

export interface LayoutShifts {
  /** Sum of the shifts not caused by input, once the document was parsed. */
  score: number;
  shifts: LayoutShift[];
  /** Shifts of paints of a partly parsed document, left out of `score` (see below). */
  whileParsing: LayoutShift[];
}

/**
 * The layout shifts not caused by input as a visitor scrolls the whole page, with what moved.
 *
 * A shift before the document is parsed (`domInteractive`) is left out of the score. On a loaded
 * machine the HTML parser yields mid-document and Chromium paints what it has so far: the side
 * panel's logo alone in its row, which grows when the label after it arrives (the logo moves down
 * 6 px), or the header's right-hand group before its estimate button arrives (the group moves
 * left). Those frames depend on when the parser was interrupted, not on the page's layout; the
 * same test on an idle machine never paints them. Measured on /services/home-watch under 6x CPU
 * throttling: 1 run in 25 painted such a frame (a shift of 0.0025), no run shifted anything after
 * the document was parsed. They are still returned, for a test that wants to look at them.
 */
export async function layoutShifts(page: Page): Promise<LayoutShifts> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += Math.round(window.innerHeight / 2)) {
      window.scrollTo({ top: y, behavior: "instant" });
      await new Promise((resolve) => setTimeout(resolve, 60));
    }
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: "instant" });
  });
  await page.waitForLoadState("networkidle");
  await page.waitForTimeout(800);
  const all = await page.evaluate(
    () =>
      new Promise<{ shifts: LayoutShift[]; parsedAt: number }>((resolve) => {
        type Source = { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] };
        const box = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map(Math.round).join(",");
        const name = (node: Node | null) =>
          node instanceof Element ? `${node.tagName.toLowerCase()}.${[...node.classList].join(".")}` : String(node);
        const shifts: LayoutShift[] = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Entry[])
            if (!entry.hadRecentInput)
              shifts.push({
                value: entry.value,
                at: Math.round(entry.startTime),
                moved: (entry.sources ?? []).map(
                  (s) => `${name(s.node)} [${box(s.previousRect)}] → [${box(s.currentRect)}]`,
                ),
              });
        }).observe({ type: "layout-shift", buffered: true });
        const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
        setTimeout(() => resolve({ shifts, parsedAt: navigation?.domInteractive ?? 0 }), 300);
      }),
  );
  const shifts = all.shifts.filter((shift) => shift.at >= all.parsedAt);
  return {
    score: shifts.reduce((sum, shift) => sum + shift.value, 0),
    shifts,
    whileParsing: all.shifts.filter((shift) => shift.at < all.parsedAt),
  };
}

/** Sum of layout-shift scores not caused by input once the document was parsed, scrolling the whole page. */
export async function cumulativeLayoutShift(page: Page): Promise<number> {
  return (await layoutShifts(page)).score;
}
