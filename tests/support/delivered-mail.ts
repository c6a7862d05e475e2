/**
 * Where a test reads the links of mail already sent. The worker keeps no working link in a sent
 * message's stored copy (record 0040), so a test that follows a link reads it where the homeowner
 * would: in the message delivered to a test SMTP server, or in the .eml file of a server without one.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { mailFileDirectory } from "~/infra/mail-files.server";
import { parseMailPayload, SENT_LINK_PLACEHOLDER } from "~/infra/outbox.server";
import type { ReceivedMail } from "./smtp";

const inboxes = new Set<readonly ReceivedMail[]>();
const mailDirectories = new Set<string>();

/** Every test SMTP server's inbox is read (`startSmtpServer` registers it). */
export function readInbox(received: readonly ReceivedMail[]): void {
  inboxes.add(received);
}

/** Mail files a server with this DATA_DIR writes are read. */
export function readMailFiles(dataDir: string): void {
  mailDirectories.add(mailFileDirectory(dataDir));
}

async function fileText(id: string): Promise<string | undefined> {
  for (const directory of mailDirectories) {
    const names = await fs.readdir(directory).catch(() => []);
    const name = names.find((entry) => entry.includes(id) && entry.endsWith(".eml"));
    if (name) return (await simpleParser(await fs.readFile(path.join(directory, name)))).text ?? "";
  }
  return undefined;
}

/** The text of outbox row `row` with its links: the stored copy until it is sent, then the delivered one. */
export async function mailText(row: { id: string; payload: string }): Promise<string> {
  const stored = parseMailPayload(row.payload).text;
  if (!stored.includes(SENT_LINK_PLACEHOLDER)) return stored;
  // The message id the worker gives each message is the row's id at the sender's domain.
  for (const received of inboxes)
    for (const message of received) if (message.mail.messageId?.includes(`${row.id}@`)) return message.mail.text ?? "";
  const text = await fileText(row.id);
  if (text !== undefined) return text;
  throw new Error(`message ${row.id} was sent, and no inbox or mail file this test reads holds it`);
}
