/** Scrolling that honours the visitor's reduced-motion setting. */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

const behavior = (): ScrollBehavior => (prefersReducedMotion() ? "auto" : "smooth");

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: behavior() });
}

/** How long a scroll waits for its section to be drawn before giving up. */
const SECTION_WAIT_MS = 5000;

/**
 * Scrolls to the element with `id` after `delayMs`, letting menus and dialogs close first. After a
 * navigation the address changes before the new page is drawn (React renders it in a transition,
 * later on a busy phone), so a section not there yet is waited for, frame by frame.
 */
export function scrollToId(id: string, delayMs = 0): void {
  window.setTimeout(() => {
    const until = performance.now() + SECTION_WAIT_MS;
    const attempt = () => {
      const target = document.getElementById(id);
      if (target) target.scrollIntoView({ behavior: behavior(), block: "start" });
      else if (performance.now() < until) requestAnimationFrame(attempt);
    };
    attempt();
  }, delayMs);
}
