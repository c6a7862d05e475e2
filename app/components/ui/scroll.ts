/** Scrolling that honours the visitor's reduced-motion setting. */
export function prefersReducedMotion(): boolean {
  return typeof window !== "undefined" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

const behavior = (): ScrollBehavior => (prefersReducedMotion() ? "auto" : "smooth");

export function scrollToTop(): void {
  window.scrollTo({ top: 0, behavior: behavior() });
}

/** Scrolls to the element with `id` after `delayMs`, letting menus and dialogs close first. */
export function scrollToId(id: string, delayMs = 0): void {
  window.setTimeout(() => {
    document.getElementById(id)?.scrollIntoView({ behavior: behavior(), block: "start" });
  }, delayMs);
}
