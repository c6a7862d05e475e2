/**
 * `npm run leads`: the owner's look at the estimate requests, newsletter subscribers and undelivered
 * mail stored by the site. Reads the same configuration as the server (DATA_DIR or DATABASE_URL), so
 * run it where the server runs. Run with --help for the commands.
 */
import path from "node:path";
import fs from "node:fs/promises";
import { openMigratedDatabase } from "~/infra/db.server";
import { type Env } from "~/settings/env.server";
import { MIN_ID_PREFIX } from "~/infra/id-prefix";
import { listUndeliveredMail, retryMail, type UndeliveredMail } from "~/infra/undelivered-mail.server";
import { deleteLead, VISITS_WITHDRAWN } from "~/server/delete-lead.server";
import { writeLeadsExport } from "~/leads/record/export.server";
import { QUARANTINE_DAYS, releaseLead } from "~/leads/record/quarantine.server";
import { countLeads, findLead, listLeads, type LeadSummary } from "~/leads/record/queries.server";
import { removeSubscriber, subscribersCsv } from "~/leads/subscribers.server";
import { localTime, runWhenInvoked, type CommandIo } from "./command";

const HELP = `Usage: npm run leads -- [options]

  (no options)              list the 20 most recent estimate requests, newest first
  --limit <n>               list the n most recent instead
  --csv [file]              write all requests to a CSV file (default leads-YYYY-MM-DD.csv)
                            and their photos as files in a folder beside it (<file>-photos/)
  --subscribers --csv [file]
                            write confirmed newsletter subscribers to a CSV file
                            (default subscribers-YYYY-MM-DD.csv)
  --delete <id>             delete a request with its photos, notes, history, visits, queued
                            emails and the email files written about it (a booked visit is
                            cancelled in both calendars first); the id may be shortened to its
                            first ${MIN_ID_PREFIX} characters, as the list shows it
  --quarantine              list the requests held as suspected spam (they filled the form's
                            hidden trap field): nothing was emailed for them, and they are
                            deleted after ${QUARANTINE_DAYS} days
  --release <id>            a held request is genuine: make it a normal request and send its
                            emails now; the id may be shortened as for --delete
  --mail                    list emails not delivered: failed, and still queued (--limit applies)
  --retry <id>              queue a failed email again, with a fresh series of attempts; the id
                            may be shortened as for --delete
  --unsubscribe <email>     remove a newsletter subscriber and any newsletter email to them not
                            yet sent
  --help                    show this help

The database is the server's: DATABASE_URL if set, else DATA_DIR/site.db (DATA_DIR defaults to ./data).
Requests are kept until you delete them.`;

interface Options {
  help: boolean;
  subscribers: boolean;
  csv?: string | true;
  delete?: string;
  mail: boolean;
  quarantine: boolean;
  release?: string;
  retry?: string;
  unsubscribe?: string;
  limit: number;
}

class UsageError extends Error {}

function parseOptions(argv: readonly string[]): Options {
  const options: Options = { help: false, subscribers: false, mail: false, quarantine: false, limit: 20 };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const next = argv[i + 1];
    const hasValue = next !== undefined && !next.startsWith("--");
    switch (arg) {
      case "--help":
      case "-h":
        options.help = true;
        break;
      case "--subscribers":
        options.subscribers = true;
        break;
      case "--csv":
        options.csv = hasValue ? next : true;
        if (hasValue) i++;
        break;
      case "--delete":
        if (!hasValue) throw new UsageError("--delete needs the id of a request");
        options.delete = next;
        i++;
        break;
      case "--mail":
        options.mail = true;
        break;
      case "--quarantine":
        options.quarantine = true;
        break;
      case "--release":
        if (!hasValue) throw new UsageError("--release needs the id of a held request, as --quarantine lists it");
        options.release = next;
        i++;
        break;
      case "--retry":
        if (!hasValue) throw new UsageError("--retry needs the id of an email, as --mail lists it");
        options.retry = next;
        i++;
        break;
      case "--unsubscribe":
        if (!hasValue || !next.includes("@")) throw new UsageError("--unsubscribe needs an email address");
        options.unsubscribe = next;
        i++;
        break;
      case "--limit":
        if (!hasValue || !/^\d+$/.test(next) || Number(next) < 1)
          throw new UsageError("--limit needs a positive number");
        options.limit = Number(next);
        i++;
        break;
      default:
        throw new UsageError(`unknown option ${arg}`);
    }
  }
  if (options.subscribers && options.csv === undefined) throw new UsageError("--subscribers goes with --csv [file]");
  const commands = [
    options.delete !== undefined && "--delete",
    options.mail && "--mail",
    options.quarantine && "--quarantine",
    options.release !== undefined && "--release",
    options.retry !== undefined && "--retry",
    options.unsubscribe !== undefined && "--unsubscribe",
    (options.csv !== undefined || options.subscribers) && "--csv",
  ].filter(Boolean);
  if (commands.length > 1) throw new UsageError(`${commands.join(" and ")} cannot be combined`);
  return options;
}

function fit(text: string, width: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const cut = flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
  return cut.padEnd(width);
}

function table(leads: readonly LeadSummary[]): string[] {
  const header = `${fit("ID", 8)}  ${fit("Received (NJ)", 16)}  ${fit("Name", 20)}  ${fit("Phone", 14)}  ${fit("Email", 28)}  Photos  Description`;
  return [
    header,
    ...leads.map(
      (lead) =>
        `${lead.id.slice(0, 8)}  ${localTime(lead.createdAt)}  ${fit(lead.name, 20)}  ${fit(lead.phone, 14)}  ${fit(lead.email, 28)}  ${String(lead.photoCount).padStart(6)}  ${lead.description.replace(/\s+/g, " ").trim().slice(0, 60)}`,
    ),
  ];
}

function mailTable(messages: readonly UndeliveredMail[]): string[] {
  const header = `${fit("ID", 8)}  ${fit("Status", 7)}  ${fit("Kind", 25)}  ${fit("Recipient", 28)}  Tries  ${fit("Next try (NJ)", 16)}  Last error`;
  const nextTry = (mail: UndeliveredMail) =>
    mail.status === "failed" ? "never" : mail.status === "sending" ? "sending now" : localTime(mail.nextAttemptAt);
  // The recipient in full even if it breaks the columns: it is what the owner needs to act on.
  return [
    header,
    ...messages.map((mail) =>
      `${mail.id.slice(0, 8)}  ${fit(mail.status, 7)}  ${fit(mail.kind, 25)}  ${mail.recipient.padEnd(28)}  ${String(mail.attempts).padStart(5)}  ${fit(nextTry(mail), 16)}  ${(mail.lastError ?? "").replace(/\s+/g, " ").trim().slice(0, 160)}`.trimEnd(),
    ),
  ];
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * Runs one command; returns the process exit code (0 done, 1 failed, 2 bad usage). CSV paths are
 * taken relative to `cwd`.
 */
export async function runLeadsCommand(
  argv: readonly string[],
  env: Env,
  io: CommandIo,
  cwd: string = process.cwd(),
): Promise<number> {
  let options: Options;
  try {
    options = parseOptions(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`leads: ${error.message}\n\n${HELP}`);
    return 2;
  }
  if (options.help) {
    io.out(HELP);
    return 0;
  }

  const handle = await openMigratedDatabase(env);
  try {
    const { db } = handle;
    if (options.delete !== undefined) {
      const found = await findLead(db, options.delete, "all");
      const deleted = found.found ? await deleteLead(db, found.lead.id, env, { actor: null }) : undefined;
      if (deleted) {
        const { mailFiles } = deleted;
        const files = mailFiles > 0 ? ` and ${mailFiles} email file${mailFiles === 1 ? "" : "s"}` : "";
        io.out(
          `Deleted request ${deleted.id} from ${deleted.name} (${localTime(deleted.createdAt)}) with its ${deleted.photoCount} photo${deleted.photoCount === 1 ? "" : "s"}${files}.`,
        );
        if ((deleted.steps[VISITS_WITHDRAWN] ?? 0) > 0)
          io.out(`Its booked visit is cancelled: the running server emails the calendar cancellation within seconds.`);
        return 0;
      }
      if (found.found) {
        io.err(`Request ${found.lead.id} was deleted a moment ago by someone else.`);
      } else if (found.reason === "ambiguous") {
        io.err(`"${options.delete}" matches more than one request; give more of the id:`);
        for (const line of table(found.matches ?? [])) io.err(line);
      } else if (found.reason === "invalid-id") {
        io.err(`"${options.delete}" is not a request id (at least ${MIN_ID_PREFIX} characters of 0-9, a-f).`);
      } else {
        io.err(`No request has an id starting with "${options.delete}".`);
      }
      return 1;
    }

    if (options.quarantine) {
      const [held, total] = await Promise.all([
        listLeads(db, options.limit, "quarantined"),
        countLeads(db, "quarantined"),
      ]);
      if (held.length === 0) {
        io.out("No requests are held as suspected spam.");
        return 0;
      }
      io.out(
        `${held.length} of ${total} request${total === 1 ? "" : "s"} held as suspected spam, newest first (nothing was emailed; deleted after ${QUARANTINE_DAYS} days):\n`,
      );
      for (const line of table(held)) io.out(line);
      io.out(`\nA genuine one: npm run leads -- --release <id>   Spam: npm run leads -- --delete <id>`);
      return 0;
    }

    if (options.release !== undefined) {
      const found = await findLead(db, options.release, "quarantined");
      if (!found.found) {
        if (found.reason === "ambiguous") {
          io.err(`"${options.release}" matches more than one held request; give more of the id:`);
          for (const line of table(found.matches ?? [])) io.err(line);
        } else if (found.reason === "invalid-id") {
          io.err(`"${options.release}" is not a request id (at least ${MIN_ID_PREFIX} characters of 0-9, a-f).`);
        } else {
          io.err(`No held request has an id starting with "${options.release}" (see npm run leads -- --quarantine).`);
        }
        return 1;
      }
      const result = await releaseLead(db, found.lead.id, { actor: null });
      if (!result.released) {
        io.err(`Request ${found.lead.id} was released a moment ago by someone else.`);
        return 1;
      }
      io.out(
        `Released request ${result.leadId} from ${result.name}: it is a normal request now, and its emails are queued.`,
      );
      return 0;
    }

    if (options.mail) {
      const { messages, total } = await listUndeliveredMail(db, options.limit);
      if (total === 0) {
        io.out("No undelivered email: every message has been sent.");
        return 0;
      }
      const failed = messages.filter((mail) => mail.status === "failed").length;
      io.out(
        `${total === messages.length ? total : `${messages.length} of ${total}`} undelivered email${total === 1 ? "" : "s"}, failed first:\n`,
      );
      for (const line of mailTable(messages)) io.out(line);
      if (failed > 0) io.out(`\nSend a failed one again once its cause is fixed: npm run leads -- --retry <id>`);
      return 0;
    }

    if (options.retry !== undefined) {
      const result = await retryMail(db, options.retry);
      if (result.retried) {
        io.out(
          `Queued email ${result.mail.id} (${result.mail.kind} to ${result.mail.recipient}) again; the running server sends it within seconds.`,
        );
        return 0;
      }
      if (result.reason === "ambiguous") {
        io.err(`"${options.retry}" matches more than one email; give more of the id:`);
        for (const line of mailTable(result.matches)) io.err(line);
      } else if (result.reason === "not-failed") {
        io.err(
          `Email ${result.matches[0].id} has not failed: it is ${result.matches[0].status}, and the server keeps trying it.`,
        );
      } else if (result.reason === "invalid-id") {
        io.err(`"${options.retry}" is not an email id (at least ${MIN_ID_PREFIX} characters of 0-9, a-f).`);
      } else {
        io.err(`No undelivered email has an id starting with "${options.retry}".`);
      }
      return 1;
    }

    if (options.unsubscribe !== undefined) {
      const result = await removeSubscriber(db, { email: options.unsubscribe });
      const n = result.unsentMail;
      const unsent = `${n} unsent newsletter email${n === 1 ? "" : "s"} to it`;
      if (result.subscriber) {
        io.out(`Removed subscriber ${result.email}${n > 0 ? ` and ${unsent}` : ""}.`);
        return 0;
      }
      if (n > 0) {
        io.out(`${result.email} was not a subscriber; removed ${unsent}.`);
        return 0;
      }
      io.err(`${result.email} is not a newsletter subscriber.`);
      return 1;
    }

    if (options.subscribers) {
      const file = path.resolve(cwd, typeof options.csv === "string" ? options.csv : `subscribers-${today()}.csv`);
      const { csv, count } = await subscribersCsv(db);
      await fs.writeFile(file, csv);
      io.out(`Wrote ${count} confirmed subscriber${count === 1 ? "" : "s"} to ${file}.`);
      return 0;
    }

    if (options.csv !== undefined) {
      const file = path.resolve(cwd, typeof options.csv === "string" ? options.csv : `leads-${today()}.csv`);
      const result = await writeLeadsExport(db, file);
      io.out(
        `Wrote ${result.leads} request${result.leads === 1 ? "" : "s"} to ${file}` +
          (result.photoDir
            ? ` and ${result.photos} photo${result.photos === 1 ? "" : "s"} to ${result.photoDir}.`
            : "."),
      );
      return 0;
    }

    const [leads, total] = await Promise.all([listLeads(db, options.limit), countLeads(db)]);
    if (leads.length === 0) {
      io.out("No estimate requests yet.");
      return 0;
    }
    io.out(`${leads.length} most recent of ${total} estimate request${total === 1 ? "" : "s"}, newest first:\n`);
    for (const line of table(leads)) io.out(line);
    io.out(`\nDetails and photos: npm run leads -- --csv   Delete one: npm run leads -- --delete <id>`);
    return 0;
  } finally {
    await handle.close();
  }
}

await runWhenInvoked(import.meta.url, "leads", runLeadsCommand);
