/**
 * Build-time settings: values the prerendered HTML bakes in, so changing one means building again.
 *
 * One schema, read by the Vite configuration (which hands the values to the app as a constant),
 * by `npm run build` (which records them in `build/build-settings.json`), and by the server (which
 * takes them as its defaults). Imported by build tooling only: the browser bundle never carries it.
 */
import { z } from "zod";
import { profile } from "../content/profile";
import { ConfigError } from "./config-error";

export interface BuildSettings {
  /** Origin of canonical links, the sitemap, RSS, structured data and the links in emails. */
  siteUrl: string;
  /** The chat assistant's frame address, or "" for the contact panel instead. */
  chatEmbedUrl: string;
}

const httpUrl = z.string().superRefine((value, context) => {
  if (!URL.canParse(value)) context.addIssue({ code: "custom", message: "is not a valid URL" });
  else if (!/^https?:$/.test(new URL(value).protocol))
    context.addIssue({ code: "custom", message: "must start with https:// or http://" });
});

/** The rule of each build-time variable; the runtime settings take SITE_URL's from here. */
export const BUILD_VARIABLE_RULES = {
  SITE_URL: httpUrl.transform((value) => new URL(value).origin).optional(),
  CHAT_EMBED_URL: httpUrl.optional(),
};

const schema = z.object(BUILD_VARIABLE_RULES);

/** The build-time variables, as the README's second table lists them. */
export const BUILD_VARIABLES = Object.keys(schema.shape) as (keyof typeof schema.shape)[];

/** Empty variables count as unset, as a shell's `SITE_URL= npm run build` means. */
function present(source: NodeJS.ProcessEnv, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.flatMap((name) => (source[name] ? [[name, source[name]]] : [])));
}

export function readBuildSettings(source: NodeJS.ProcessEnv = process.env): BuildSettings {
  const result = schema.safeParse(present(source, Object.keys(schema.shape)));
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigError(String(issue?.path[0] ?? "build setting"), issue?.message ?? "is invalid");
  }
  return {
    siteUrl: result.data.SITE_URL ?? profile.siteUrl,
    chatEmbedUrl: result.data.CHAT_EMBED_URL ?? "",
  };
}

/** Where `npm run build` records the values it built with, for the server and the owner's commands. */
export const BUILD_SETTINGS_FILE = "build-settings.json";
