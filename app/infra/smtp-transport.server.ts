/**
 * The nodemailer SMTP options for SMTP_URL.
 *
 * `smtp://` means STARTTLS, and it is required: nodemailer on its own upgrades only when the server
 * offers it, so a man in the middle who strips the offer would read every lead (and the SMTP
 * password) in clear. The one exception is a relay on this machine (a local Postfix, a test
 * server), which is reached without a network to protect. `smtps://` is TLS from the first byte.
 *
 * The URL is read here rather than handed to nodemailer as `url`: given a `url`, its
 * `createTransport` keeps only what the URL says and drops every other option, timeouts included.
 */
import net from "node:net";
import type SMTPTransport from "nodemailer/lib/smtp-transport";

/** Timeouts that keep one send well inside the worker's lease on a message. */
export const SMTP_TIMEOUTS = {
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
} as const;

const loopback = new net.BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

/** True for localhost, 127.0.0.0/8 and ::1 (brackets allowed, as a URL writes IPv6). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  if (bare === "localhost") return true;
  const family = net.isIP(bare);
  if (family === 4) return loopback.check(bare, "ipv4");
  if (family === 6) return loopback.check(bare, "ipv6");
  return false;
}

function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function smtpTransportOptions(smtpUrl: string): SMTPTransport.Options {
  const url = new URL(smtpUrl);
  if (url.protocol !== "smtp:" && url.protocol !== "smtps:")
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got ${url.protocol}//`);
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  const secure = url.protocol === "smtps:";
  return {
    host,
    port: url.port ? Number(url.port) : undefined,
    secure,
    requireTLS: !secure && !isLoopbackHost(host),
    auth: url.username ? { user: decoded(url.username), pass: decoded(url.password) } : undefined,
    ...SMTP_TIMEOUTS,
  };
}
