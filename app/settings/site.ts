/**
 * Build-time settings, as the app sees them. Prerendered pages bake these in, so changing them
 * means building again. Their schema and defaults are in `settings/build-settings.ts`; the Vite
 * configuration hands the validated values over as a constant, which keeps the schema out of the
 * browser bundle. (Runtime settings are read by `env.server.ts`, beside it.)
 */
import type { BuildSettings } from "./build-settings";

declare const __BUILD_SETTINGS__: BuildSettings;

const settings: BuildSettings = __BUILD_SETTINGS__;

/** The origin of canonical URLs, the sitemap and structured data: never taken from a request. */
export const siteUrl: string = settings.siteUrl;

/** The third-party chat assistant's frame address; empty shows a contact fallback instead. */
export const chatEmbedUrl: string = settings.chatEmbedUrl;

export const absoluteUrl = (path: string) => new URL(path, `${siteUrl}/`).toString();
