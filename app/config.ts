/**
 * Build-time settings. Prerendered pages bake these in, so changing them means rebuilding.
 * (Runtime settings are read by `infra/env.server.ts`.)
 */
import { profile } from "./content/profile";

declare const __SITE_URL__: string;
declare const __CHAT_EMBED_URL__: string;

const fromBuild = (read: () => string): string => {
  try {
    return read();
  } catch {
    // Not defined outside a Vite build (plain Node scripts and unit tests).
    return "";
  }
};

const fromProcess = (name: string): string =>
  (typeof process !== "undefined" ? process.env[name]?.replace(/\/+$/, "") : undefined) ?? "";

/** The origin of canonical URLs, the sitemap and structured data: never taken from a request. */
export const siteUrl: string = fromBuild(() => __SITE_URL__) || fromProcess("SITE_URL") || profile.siteUrl;

/** The third-party chat assistant's frame address; empty shows a contact fallback instead. */
export const chatEmbedUrl: string = fromBuild(() => __CHAT_EMBED_URL__) || fromProcess("CHAT_EMBED_URL");

export const absoluteUrl = (path: string) => new URL(path, `${siteUrl}/`).toString();
