/**
 * Debian's Chromium, as every browser test and benchmark starts it. The flags keep it from
 * reaching for the network on its own (this machine reaches only package registries, and each
 * refused connection slows the page being measured) and from asking for a GPU or a sandbox that
 * a root CI run does not have.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * The end-to-end tests' browser: Debian's build of the same Chromium without the desktop browser
 * around its engine. It runs the suite in about half the time; Lighthouse and the bench keep the
 * full browser, whose timings a visitor's would resemble (decision 0028).
 */
export const E2E_CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

export const CHROMIUM_FLAGS: readonly string[] = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
