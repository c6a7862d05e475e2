/**
 * `npm run owner`: the people who may open the desk at /owner, from the server's command line. The
 * desk's Account page does the same for a signed-in owner; this is for the first owner and for
 * recovery (every passkey lost). Changes are audited and emailed to every owner, as the desk's are.
 * Reads the same configuration as the server (DATA_DIR or DATABASE_URL). Run with --help.
 */
import { openMigratedDatabase } from "~/infra/db.server";
import { type Env } from "~/settings/env.server";
import { recordSealKey, sealKeyOf } from "~/infra/seal.server";
import { endSealedJobLinks } from "~/jobs/job-link.server";
import { deskChange } from "~/owner/desk-change.server";
import { inviteOwner, linkAnotherDevice, removeOwnerAndTell } from "~/owner/account-changes.server";
import { listAudit } from "~/owner/audit.server";
import { findOwnerByEmail, listOwners, normalizeEmail, SETUP_LINK_MINUTES } from "~/owner/owners.server";
import { localTime, runWhenInvoked, type CommandIo } from "./command";

const HELP = `Usage: npm run owner -- <command> [--origin <url>]

  add <email>      make <email> an owner and print a one-time link (valid ${SETUP_LINK_MINUTES} minutes)
                   to register a passkey on the device that opens it
  link <email>     print a fresh setup link: to add a device, or to get back in after losing one
  list             the owners, with how many passkeys each has
  remove <email>   remove an owner: their passkeys, sessions and notified devices end at once
  audit [n]        the latest n entries of the desk's audit log (default 50)
  forget-sealed-links
                   the key that sealed the job links (SEAL_KEY, or DATA_DIR/seal.key) is lost or
                   leaked: take the present one instead, and end every job's link at once (they
                   open the dead-link page). Each job's next email carries a new one

Owners can do the same on the desk's Account page. Every change is emailed to all owners.

  --origin <url>   the address the link starts with, e.g. http://localhost:3000 to try the desk on
                   this machine (default: SITE_URL)

The database is the server's: DATABASE_URL if set, else DATA_DIR/site.db (DATA_DIR defaults to ./data).`;

class UsageError extends Error {}

interface Parsed {
  command: string;
  args: string[];
  origin?: string;
}

function parse(argv: readonly string[]): Parsed {
  const rest: string[] = [];
  let origin: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--origin") {
      const value = argv[++i];
      if (!value || !URL.canParse(value) || !["http:", "https:"].includes(new URL(value).protocol))
        throw new UsageError("--origin needs an address such as http://localhost:3000");
      origin = new URL(value).origin;
    } else if (arg === "--help" || arg === "-h") rest.unshift("help");
    else if (arg.startsWith("--")) throw new UsageError(`unknown option ${arg}`);
    else rest.push(arg);
  }
  const [command = "help", ...args] = rest;
  return { command, args, origin };
}

function emailArg(args: readonly string[], command: string): string {
  const email = normalizeEmail(args[0]);
  if (!email) throw new UsageError(`${command} needs an email address`);
  return email;
}

/** Runs one command; returns the exit code (0 done, 1 failed, 2 bad usage). */
export async function runOwnerCommand(argv: readonly string[], env: Env, io: CommandIo): Promise<number> {
  let parsed: Parsed;
  let email = "";
  try {
    parsed = parse(argv);
    if (["add", "link", "remove"].includes(parsed.command)) email = emailArg(parsed.args, parsed.command);
    else if (!["list", "audit", "help", "forget-sealed-links"].includes(parsed.command))
      throw new UsageError(`unknown command "${parsed.command}"`);
    if (parsed.command === "audit" && parsed.args[0] !== undefined && !/^\d+$/.test(parsed.args[0]))
      throw new UsageError("audit takes a number of entries");
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`owner: ${error.message}\n\n${HELP}`);
    return 2;
  }
  if (parsed.command === "help") {
    io.out(HELP);
    return 0;
  }
  const origin = parsed.origin ?? env.siteUrl;
  const handle = await openMigratedDatabase(env);
  try {
    const { db } = handle;
    switch (parsed.command) {
      case "add": {
        const result = await inviteOwner(db, email, { origin, siteUrl: env.siteUrl, emailLink: false });
        if (result.status !== "invited") {
          io.err(
            result.status === "exists"
              ? `${email} is already an owner. For a new setup link: npm run owner -- link ${email}`
              : `"${email}" is not an email address.`,
          );
          return 1;
        }
        const { link } = result;
        io.out(
          `Added ${email}. Open this link on the phone or computer that should sign in (it works once, until ${localTime(link.expiresAt)}):\n\n${link.url}\n`,
        );
        return 0;
      }
      case "link": {
        const owner = await findOwnerByEmail(db, email);
        if (!owner) {
          io.err(`${email} is not an owner. To add them: npm run owner -- add ${email}`);
          return 1;
        }
        const link = await linkAnotherDevice(db, owner, { origin, siteUrl: env.siteUrl });
        io.out(
          `Setup link for ${email} (works once, until ${localTime(link.expiresAt)}; earlier links no longer work):\n\n${link.url}\n`,
        );
        return 0;
      }
      case "remove": {
        if (!(await removeOwnerAndTell(db, email, { siteUrl: env.siteUrl }))) {
          io.err(`${email} is not an owner.`);
          return 1;
        }
        io.out(`Removed ${email}; their passkeys, sessions and notified devices have ended.`);
        return 0;
      }
      case "list": {
        const owners = await listOwners(db);
        if (owners.length === 0) {
          io.out("No owners yet. Add one: npm run owner -- add <email>");
          return 0;
        }
        for (const owner of owners)
          io.out(
            `${owner.email.padEnd(36)} added ${localTime(owner.createdAt)}  ${owner.passkeys} passkey${owner.passkeys === 1 ? "" : "s"}`,
          );
        return 0;
      }
      case "forget-sealed-links": {
        const now = new Date();
        const ended = await deskChange(db, null, now, async ({ trx, audit }) => {
          const count = await endSealedJobLinks(trx, now);
          await recordSealKey(trx, sealKeyOf(env));
          await audit("sealed-links-forgotten", `${count} job links ended`);
          return count;
        });
        io.out(
          `Ended ${ended} job link${ended === 1 ? "" : "s"} and forgot their sealed copies; the server now starts with this key. Each job's next email carries a new link.`,
        );
        return 0;
      }
      default: {
        const entries = await listAudit(db, Number(parsed.args[0] ?? 50));
        if (entries.length === 0) io.out("The audit log is empty.");
        for (const entry of entries)
          io.out(
            `${localTime(entry.at)}  ${entry.action.padEnd(22)} ${(entry.actor ?? "-").padEnd(30)} ${entry.detail}${entry.client ? `  [${entry.client}]` : ""}`,
          );
        return 0;
      }
    }
  } finally {
    await handle.close();
  }
}

await runWhenInvoked(import.meta.url, "owner", runOwnerCommand);
