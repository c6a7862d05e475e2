/**
 * Runtime configuration, read once from the environment and validated.
 *
 * A bad value stops the server at start with a message naming the variable, instead of failing
 * later on the first lead. Build-time settings (SITE_URL, CHAT_EMBED_URL) live in `app/config.ts`
 * because prerendered HTML bakes them in.
 */
import net from "node:net";
import path from "node:path";
import { profile } from "~/content/profile";

/**
 * Which peers may tell us the client's address in `X-Forwarded-For`: Express's `trust proxy` value.
 * A list of names (loopback, linklocal, uniquelocal) and addresses or CIDR ranges, or `false`.
 */
export type TrustProxy = string[] | false;

export interface Env {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  leadsTo: string;
  rateLimitMax: number;
  /** Peers whose X-Forwarded-For is believed; by default only a proxy on this machine. */
  trustProxy: TrustProxy;
  /** Visitor confirmations sent across the whole site per hour; past it leads are stored without one. */
  confirmationsPerHour: number;
  /** Attachment budget of one owner notification, counted as encoded (base64) bytes. */
  mailMaxAttachmentBytes: number;
  mailRetryBaseMs: number;
  nodeEnv: string;
  /** Origin for links in emails (confirm, unsubscribe). Read at run time: mail is composed long after the build. */
  siteUrl: string;
}

export class ConfigError extends Error {
  constructor(variable: string, problem: string) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = "ConfigError";
  }
}

function integer(source: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = source[name];
  if (raw === undefined || raw === "") return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const value = Number(raw);
  if (value < min || value > max) throw new ConfigError(name, `must be between ${min} and ${max}, got ${value}`);
  return value;
}

function optionalUrl(source: NodeJS.ProcessEnv, name: string, protocols: readonly string[]): string | undefined {
  const raw = source[name];
  if (raw === undefined || raw === "") return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, "is not a valid URL");
  }
  if (!protocols.includes(url.protocol))
    throw new ConfigError(name, `must start with ${protocols.map((p) => `${p}//`).join(" or ")}`);
  return raw;
}

function origin(source: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = source[name];
  if (raw === undefined || raw === "") return fallback;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, "is not a valid URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:")
    throw new ConfigError(name, "must start with https:// or http://");
  return url.origin;
}

function emailAddress(source: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const raw = source[name];
  if (raw === undefined || raw === "") return fallback;
  // Accept both "addr@host" and "Name <addr@host>".
  if (!/^([^<>]*<)?[^@\s<>]+@[^@\s<>]+\.[^@\s<>]+>?$/.test(raw.trim()))
    throw new ConfigError(name, `must be an email address, got "${raw}"`);
  return raw.trim();
}

const TRUST_PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function trustProxy(source: NodeJS.ProcessEnv, name: string): TrustProxy {
  const raw = (source[name] ?? "").trim();
  if (raw === "") return ["loopback"];
  if (raw === "false" || raw === "none") return false;
  const entries = raw.split(",").map((entry) => entry.trim()).filter(Boolean);
  for (const entry of entries) {
    if (TRUST_PROXY_NAMES.has(entry)) continue;
    const [address = "", prefix, extra] = entry.split("/");
    const family = net.isIP(address);
    const maxPrefix = family === 6 ? 128 : 32;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= maxPrefix);
    if (family === 0 || !prefixOk || extra !== undefined)
      throw new ConfigError(
        name,
        `must be "false" or a comma-separated list of loopback, linklocal, uniquelocal, addresses and CIDR ranges, got "${entry}"`,
      );
  }
  return entries;
}

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return {
    port: integer(source, "PORT", 3000, 0, 65535),
    host: source.HOST || "0.0.0.0",
    databaseUrl: optionalUrl(source, "DATABASE_URL", ["postgres:", "postgresql:"]),
    dataDir: path.resolve(source.DATA_DIR || "./data"),
    smtpUrl: optionalUrl(source, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: emailAddress(source, "MAIL_FROM", `${profile.name} <${profile.email}>`),
    leadsTo: emailAddress(source, "LEADS_TO", profile.email),
    rateLimitMax: integer(source, "RATE_LIMIT_MAX", 10, 0, 1_000_000),
    trustProxy: trustProxy(source, "TRUST_PROXY"),
    confirmationsPerHour: integer(source, "CONFIRMATIONS_PER_HOUR", 30, 1, 1_000_000),
    mailMaxAttachmentBytes: integer(source, "MAIL_MAX_ATTACHMENTS_MB", 10, 0, 1_000) * 1024 * 1024,
    mailRetryBaseMs: integer(source, "MAIL_RETRY_BASE_MS", 30_000, 1, 86_400_000),
    nodeEnv: source.NODE_ENV || "production",
    siteUrl: origin(source, "SITE_URL", profile.siteUrl),
  };
}

let cached: Env | undefined;

/** The process's configuration, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv();
  return cached;
}

/** Forgets the parsed configuration so the next `getEnv()` reads `process.env` again (tests switch databases). */
export function resetEnv(): void {
  cached = undefined;
}
