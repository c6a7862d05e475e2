/**
 * The owner's side of the newsletter list, for the desk and for `npm run leads`: the confirmed
 * subscribers, one CSV of them, and removing someone outright (asked by phone or letter, or an
 * address that bounces).
 */
import type { Kysely } from "kysely";
import { csvDocument } from "~/infra/csv.server";
import type { MailKind } from "~/infra/outbox.server";
import { toDate, type Database } from "~/infra/schema.server";
import { inTransaction } from "~/infra/transaction.server";
import { normalizeNewsletterEmail } from "./newsletter-schema";

type Db = Kysely<Database>;

export interface Subscriber {
  id: string;
  email: string;
  confirmedAt: Date | null;
}

/** Confirmed subscribers only, newest first: nobody else has agreed to receive a newsletter. */
export async function listSubscribers(db: Db): Promise<Subscriber[]> {
  const rows = await db
    .selectFrom("subscribers")
    .select(["id", "email", "confirmed_at"])
    .where("status", "=", "confirmed")
    .orderBy("confirmed_at", "desc")
    .orderBy("email")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    confirmedAt: row.confirmed_at ? toDate(row.confirmed_at) : null,
  }));
}

/** The confirmed subscribers as the list shows them, for a mailing tool. */
export async function subscribersCsv(db: Db): Promise<{ csv: string; count: number }> {
  const rows = await listSubscribers(db);
  const cells = rows.map((row) => [row.email, row.confirmedAt ? row.confirmedAt.toISOString() : ""]);
  return { csv: csvDocument(["email", "confirmed_at"], cells), count: rows.length };
}

const NEWSLETTER_KINDS: readonly MailKind[] = ["newsletter-confirm", "newsletter-welcome"];

export interface RemovedSubscriber {
  email: string;
  /** Whether the address was a subscriber (in any state). */
  subscriber: boolean;
  /** Newsletter messages to it that were not sent yet, now deleted. */
  unsentMail: number;
}

/**
 * Removes a subscriber outright, found by the desk's id or by the address typed at the command
 * line: the row goes (not just marked unsubscribed), and so does any newsletter mail to them not
 * sent yet. Undefined when an id names nobody.
 */
export async function removeSubscriber(db: Db, who: { email: string }): Promise<RemovedSubscriber>;
export async function removeSubscriber(db: Db, who: { id: string }): Promise<RemovedSubscriber | undefined>;
export async function removeSubscriber(
  db: Db,
  who: { id: string } | { email: string },
): Promise<RemovedSubscriber | undefined> {
  return inTransaction(db, async (trx) => {
    let email: string;
    if ("id" in who) {
      if (who.id.length > 64) return undefined;
      const row = await trx.selectFrom("subscribers").select("email").where("id", "=", who.id).executeTakeFirst();
      if (!row) return undefined;
      email = row.email;
    } else email = normalizeNewsletterEmail(who.email);
    const subscriber = await trx.deleteFrom("subscribers").where("email", "=", email).executeTakeFirst();
    const mail = await trx
      .deleteFrom("outbox")
      .where("kind", "in", NEWSLETTER_KINDS)
      .where("recipient", "=", email)
      .where("status", "!=", "sent")
      .executeTakeFirst();
    return { email, subscriber: Number(subscriber.numDeletedRows) > 0, unsentMail: Number(mail.numDeletedRows) };
  });
}
