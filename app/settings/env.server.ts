/**
 * Runtime settings: one schema, read once from the environment at start.
 *
 * A bad value stops the server at start with a message naming the variable, instead of failing
 * later on the first lead. The build-time variables (SITE_URL, CHAT_EMBED_URL) are ruled in
 * `build-settings.ts`, and SITE_URL, which the server reads too, takes that same rule here; the
 * values the site was built with are the defaults, so a deployer who sets SITE_URL only for the
 * build still gets links in emails that point at the site.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { firstFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { BUILD_SETTINGS_FILE, BUILD_VARIABLE_RULES, readBuildSettings, type BuildSettings } from "./build-settings";
import { ConfigError } from "./config-error";

export { ConfigError };

/**
 * Which peers may tell us the client's address in `X-Forwarded-For`: Express's `trust proxy` value.
 * A list of names (loopback, linklocal, uniquelocal) and addresses or CIDR ranges, or `false`.
 */
export type TrustProxy = string[] | false;

declare const __BUILD_SETTINGS__: BuildSettings | undefined;

/**
 * The settings the running code was built with. Inside the build they are a constant; the owner's
 * commands run from source, so they read what the last build recorded, or the schema's defaults.
 */
export function builtWith(): BuildSettings {
  if (typeof __BUILD_SETTINGS__ !== "undefined" && __BUILD_SETTINGS__) return __BUILD_SETTINGS__;
  const recorded = path.resolve("build", BUILD_SETTINGS_FILE);
  if (fs.existsSync(recorded)) return JSON.parse(fs.readFileSync(recorded, "utf8")) as BuildSettings;
  return readBuildSettings({});
}

const whole = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, "must be a whole number")
    .transform(Number)
    .refine((value) => value >= min && value <= max, `must be between ${min} and ${max}`);

const url = (protocols: readonly string[]) =>
  z.string().superRefine((value, context) => {
    if (!URL.canParse(value)) context.addIssue({ code: "custom", message: "is not a valid URL" });
    else if (!protocols.includes(new URL(value).protocol))
      context.addIssue({ code: "custom", message: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}` });
  });

// Accepts both "addr@host" and "Name <addr@host>".
const mailbox = z
  .string()
  .transform((value) => value.trim())
  .refine((value) => /^([^<>]*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/.test(value), "must be an email address");

const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (TRUST_PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, extra] = entry.split("/");
  const family = net.isIP(address);
  if (family === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (family === 6 ? 128 : 32));
}

const trustProxy = z.string().transform((raw, context): TrustProxy => {
  if (raw === "false" || raw === "none") return false;
  const entries = raw
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    context.addIssue({
      code: "custom",
      message: `must be "false" or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDR ranges, got "${bad}"`,
    });
    return z.NEVER;
  }
  return entries;
});

const LOG_LEVELS = ["debug", "info", "warn", "error", "silent"] as const;

/** The push services of Chrome and Edge's own (Google), Firefox (Mozilla), Safari (Apple) and Windows (Microsoft). */
export const DEFAULT_PUSH_SERVICE_HOSTS = [
  "fcm.googleapis.com",
  "*.push.services.mozilla.com",
  "*.push.apple.com",
  "*.notify.windows.com",
] as const;

// A host name, optionally with a leading "*." (any subdomain) and a port.
const PUSH_HOST_PATTERN = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

const pushServiceHosts = z.string().transform((raw, context): string[] => {
  const entries = raw
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  const bad = entries.find((entry) => !PUSH_HOST_PATTERN.test(entry));
  if (bad !== undefined || entries.length === 0) {
    context.addIssue({
      code: "custom",
      message: `must be a comma-separated list of host names such as fcm.googleapis.com or *.push.apple.com, got "${bad ?? raw}"`,
    });
    return z.NEVER;
  }
  return entries;
});

/** A VAPID key in base64url: the public key is an uncompressed P-256 point (65 bytes), the private key 32 bytes. */
const vapidKey = (bytes: number, firstByte?: number) =>
  z.string().refine((value) => {
    if (!/^[A-Za-z0-9_-]+$/.test(value)) return false;
    const decoded = Buffer.from(value, "base64url");
    return decoded.length === bytes && (firstByte === undefined || decoded[0] === firstByte);
  }, `must be a base64url ${bytes}-byte key, as printed by web-push generate-vapid-keys`);

/**
 * Every runtime variable, with its rule and default (unset and empty mean the same), and what the
 * app reads: the type `Env` is inferred from this one schema, so a new setting is written here and
 * in the README's table, and nowhere else (a test holds the table to this list).
 */
const variables = z.object({
  PORT: whole(0, 65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  DATA_DIR: z.string().default("./data"),
  BACKUP_DIR: z.string().optional(),
  BACKUP_KEEP: whole(1, 10_000).default(14),
  PG_BIN_DIR: z.string().optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  // The settings are read once at start, before any published facts are: the first facts' address
  // is the default, and a deployer whose owner publishes another sets these two to follow it.
  MAIL_FROM: mailbox.default(`${profile.name} <${firstFacts.email}>`),
  LEADS_TO: mailbox.default(firstFacts.email),
  RATE_LIMIT_MAX: whole(0, 1_000_000).default(10),
  TRUST_PROXY: trustProxy.default(["loopback"]),
  CONFIRMATIONS_PER_HOUR: whole(1, 1_000_000).default(30),
  MAIL_MAX_ATTACHMENTS_MB: whole(0, 1_000).default(10),
  MAIL_RETRY_BASE_MS: whole(1, 86_400_000).default(30_000),
  NODE_ENV: z.string().default("production"),
  LOG_LEVEL: z
    .string()
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(LOG_LEVELS))
    .default("info"),
  // The one build-time variable the server reads too, under the build's own rule.
  SITE_URL: BUILD_VARIABLE_RULES.SITE_URL,
  VAPID_PUBLIC_KEY: vapidKey(65, 0x04).optional(),
  VAPID_PRIVATE_KEY: vapidKey(32).optional(),
  PUSH_SERVICE_HOSTS: pushServiceHosts.default([...DEFAULT_PUSH_SERVICE_HOSTS]),
  REMINDER_AFTER_HOURS: whole(0, 1_000).default(2),
  SEAL_KEY: z
    .string()
    .trim()
    .refine(
      (value) => /^[A-Za-z0-9_-]{43}$/.test(value) && Buffer.from(value, "base64url").length === 32,
      "must be 32 random bytes in base64url (43 characters), as `node -e \"console.log(require('crypto').randomBytes(32).toString('base64url'))\"` prints them",
    )
    .transform((value) => Buffer.from(value, "base64url"))
    .optional(),
});

/** Variables whose value is a secret: a refusal names them and never quotes what they hold. */
const SECRET_VARIABLES: ReadonlySet<string> = new Set(["SEAL_KEY", "VAPID_PRIVATE_KEY", "DATABASE_URL", "SMTP_URL"]);

const schema = variables
  .superRefine((v, context) => {
    // A lone key would sign with a pair that matches nothing: both, or neither.
    if (Boolean(v.VAPID_PUBLIC_KEY) === Boolean(v.VAPID_PRIVATE_KEY)) return;
    const [set, missing] = v.VAPID_PUBLIC_KEY
      ? ["VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY"]
      : ["VAPID_PRIVATE_KEY", "VAPID_PUBLIC_KEY"];
    context.addIssue({
      code: "custom",
      path: [set],
      message: `is set without ${missing}: set both, or neither to use the keys kept in the database`,
      params: { whole: true },
    });
  })
  .transform((v) => ({
    port: v.PORT,
    host: v.HOST,
    databaseUrl: v.DATABASE_URL,
    dataDir: path.resolve(v.DATA_DIR),
    /** Where `npm run backup` writes; DATA_DIR/backups unless set. */
    backupDir: path.resolve(v.BACKUP_DIR ?? path.join(v.DATA_DIR, "backups")),
    /** Backups kept; older ones are deleted after each new one. */
    backupKeep: v.BACKUP_KEEP,
    /** Where pg_dump and pg_restore are; unset: PATH, then Debian's /usr/lib/postgresql/<newest>/bin. */
    pgBinDir: v.PG_BIN_DIR === undefined ? undefined : path.resolve(v.PG_BIN_DIR),
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    leadsTo: v.LEADS_TO,
    rateLimitMax: v.RATE_LIMIT_MAX,
    /** Peers whose X-Forwarded-For is believed; by default only a proxy on this machine. */
    trustProxy: v.TRUST_PROXY,
    /** Visitor confirmations sent across the whole site per hour; past it leads are stored without one. */
    confirmationsPerHour: v.CONFIRMATIONS_PER_HOUR,
    /** Attachment budget of one owner notification, counted as encoded (base64) bytes. */
    mailMaxAttachmentBytes: v.MAIL_MAX_ATTACHMENTS_MB * 1024 * 1024,
    mailRetryBaseMs: v.MAIL_RETRY_BASE_MS,
    nodeEnv: v.NODE_ENV,
    logLevel: v.LOG_LEVEL,
    /** Origin for links in emails (confirm, unsubscribe): SITE_URL if set, else the build's. */
    siteUrl: v.SITE_URL ?? builtWith().siteUrl,
    /** The VAPID key pair when set in the environment; otherwise the one the database made at first start. */
    vapidKeys:
      v.VAPID_PUBLIC_KEY && v.VAPID_PRIVATE_KEY
        ? { publicKey: v.VAPID_PUBLIC_KEY, privateKey: v.VAPID_PRIVATE_KEY }
        : undefined,
    /** Hosts a device's push endpoint may be on; "*.example.com" is any subdomain of example.com. */
    pushServiceHosts: v.PUSH_SERVICE_HOSTS,
    /** Business hours a lead may stay New before the owners are reminded; 0 sends no reminders. */
    reminderAfterHours: v.REMINDER_AFTER_HOURS,
    /** The key that seals job links in the database; unset, DATA_DIR/seal.key (`infra/seal.server.ts`). */
    sealKey: v.SEAL_KEY,
  }));

export type EnvVariable = keyof typeof variables.shape;
export const ENV_VARIABLES = Object.keys(variables.shape) as EnvVariable[];

/** The runtime settings as the app reads them. */
export type Env = z.output<typeof schema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const given = Object.fromEntries(ENV_VARIABLES.flatMap((name) => (source[name] ? [[name, source[name]]] : [])));
  const result = schema.safeParse(given);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const variable = String(issue?.path[0] ?? "configuration");
  // A problem with the pair names no single value; any other quotes the value refused.
  const pairProblem = issue?.code === "custom" && issue.params?.whole === true;
  const got = pairProblem || SECRET_VARIABLES.has(variable) ? "" : `, got "${String(given[variable] ?? "")}"`;
  throw new ConfigError(variable, `${issue?.message ?? "is invalid"}${got}`);
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/**
 * What every email is written with: the origin of its links and where replies go. One shape, read
 * from the settings, so no caller spells the pair out.
 */
export interface MailContext {
  siteUrl: string;
  /** LEADS_TO: where replies go, and a calendar invitation's organizer. */
  leadsTo: string;
}

export function mailContext(env: Pick<Env, "siteUrl" | "leadsTo"> = getEnv()): MailContext {
  return { siteUrl: env.siteUrl, leadsTo: env.leadsTo };
}

/** Forgets the parsed configuration so the next `getEnv()` reads `process.env` again (tests switch databases). */
export function resetEnv(): void {
  cached = undefined;
}
