/**
 * The morning digest: at 7:00 on the business's clock on the days it opens (the days the business
 * profile lists opening hours for), each owner who has not switched it off gets one email with the
 * leads still New and today's booked visits.
 *
 * Every server instance runs the schedule; the first to insert the day's row in `digest_days`
 * sends, in the same transaction, and the others find the row taken. A server down at 7:00 sends
 * when it is back, until noon; after that the digest would be old news and the day is skipped.
 */
import type { Kysely } from "kysely";
import { profile } from "~/content/profile";
import { buttonHtml, emailDocument, html } from "~/infra/mail-format.server";
import { enqueueMail, type OutgoingMail } from "~/infra/outbox.server";
import { timestamp, type Database } from "~/infra/schema.server";
import { waitingLeads } from "~/leads/record/queries.server";
import { waitedFor } from "~/leads/record/waiting";
import { leadPath } from "~/owner/paths";
import {
  addDays,
  dayOf,
  formatDay,
  formatTime,
  isOpenDay,
  startOfDay,
  wallClock,
  type BusinessHours,
} from "~/time/business-time";
import { bookedVisits } from "~/visits/visits.server";
import { inTransaction } from "~/infra/transaction.server";

export const DIGEST_HOUR = 7;
const LAST_HOUR = 12;
/** The digest lists this many waiting leads by name, then says how many more. */
const LISTED = 30;

/** The day whose digest is due at `now`, or undefined outside the morning of a day the business opens. */
export function digestDayDue(now: Date, hours: BusinessHours = {}): string | undefined {
  const clock = wallClock(now);
  if (clock.hour < DIGEST_HOUR || clock.hour >= LAST_HOUR) return undefined;
  const day = dayOf(now);
  return isOpenDay(day, hours) ? day : undefined;
}

interface DigestContent {
  day: string;
  waiting: { id: string; name: string; createdAt: Date }[];
  waitingTotal: number;
  visits: { leadId: string; name: string; address: string; startsAt: Date; endsAt: Date }[];
}

export function digestEmail(
  to: string,
  content: DigestContent,
  siteUrl: string,
  now: Date,
  hours: BusinessHours = {},
): OutgoingMail {
  const { waiting, waitingTotal, visits } = content;
  // Noon, not midnight: the day's name must not depend on which side of a clock change midnight fell.
  const dayLabel = formatDay(new Date(startOfDay(content.day).getTime() + 12 * 60 * 60 * 1000));
  const subject = `Today: ${waitingTotal} new lead${waitingTotal === 1 ? "" : "s"}, ${visits.length} visit${visits.length === 1 ? "" : "s"}`;
  const leadLine = (lead: DigestContent["waiting"][number]) =>
    `${lead.name}, waiting ${waitedFor(lead.createdAt, now, hours)}`;
  const visitLine = (visit: DigestContent["visits"][number]) =>
    `${formatTime(visit.startsAt)} – ${formatTime(visit.endsAt)}: ${visit.name}, ${visit.address || "no address given"}`;
  const more = waitingTotal - waiting.length;
  const desk = `${siteUrl}/owner`;
  const account = `${siteUrl}/owner/account`;
  const text = [
    `${dayLabel}`,
    ``,
    `Waiting for an answer (${waitingTotal}):`,
    ...(waiting.length ? waiting.map((lead) => `- ${leadLine(lead)}: ${siteUrl}${leadPath(lead.id)}`) : ["- none"]),
    ...(more > 0 ? [`- and ${more} more on the desk`] : []),
    ``,
    `Visits today (${visits.length}):`,
    ...(visits.length ? visits.map((visit) => `- ${visitLine(visit)}`) : ["- none"]),
    ``,
    `The desk: ${desk}`,
    `Stop these emails on your account page: ${account}`,
  ].join("\n");
  const body = html`<h1 style="font-size:20px;margin:0 0 8px">${dayLabel}</h1>
    <h2 style="font-size:17px;margin:16px 0 4px">Waiting for an answer (${waitingTotal})</h2>
    ${
      waiting.length
        ? html`<ul>
            ${waiting.map((lead) => html`<li><a href="${siteUrl}${leadPath(lead.id)}">${leadLine(lead)}</a></li>`)}
            ${more > 0 ? html`<li>and ${more} more on the desk</li>` : ""}
          </ul>`
        : html`<p>None.</p>`
    }
    <h2 style="font-size:17px;margin:16px 0 4px">Visits today (${visits.length})</h2>
    ${
      visits.length
        ? html`<ul>
            ${visits.map((visit) => html`<li><a href="${siteUrl}${leadPath(visit.leadId)}">${visitLine(visit)}</a></li>`)}
          </ul>`
        : html`<p>None.</p>`
    }
    ${buttonHtml(desk, "Open the desk")}
    <p style="font-size:14px;color:#475569">Stop these emails on <a href="${account}">your account page</a>.</p>`;
  return {
    kind: "owner-digest",
    to,
    subject,
    text: `${text}\n`,
    html: emailDocument(subject, body, html`${profile.shortName} lead desk`),
  };
}

async function digestContent(db: Kysely<Database>, day: string): Promise<DigestContent> {
  const waiting = await waitingLeads(db, LISTED);
  const visits = await bookedVisits(db, { from: startOfDay(day), before: startOfDay(addDays(day, 1)) });
  return { day, waiting: waiting.leads, waitingTotal: waiting.total, visits };
}

export type DigestOutcome = { sent: number; day: string } | { sent: 0; day?: string; skipped: "not-due" | "taken" };

/** Sends the day's digest if it is due and no instance has claimed the day; safe to call every minute. */
export async function sendDailyDigest(
  db: Kysely<Database>,
  siteUrl: string,
  now: Date,
  hours: BusinessHours = {},
): Promise<DigestOutcome> {
  const day = digestDayDue(now, hours);
  if (!day) return { sent: 0, skipped: "not-due" };
  return inTransaction(db, async (trx): Promise<DigestOutcome> => {
    const claim = await trx
      .insertInto("digest_days")
      .values({ day, claimed_at: timestamp(now) })
      .onConflict((oc) => oc.column("day").doNothing())
      .executeTakeFirst();
    if (Number(claim.numInsertedOrUpdatedRows ?? 0) === 0) return { sent: 0, day, skipped: "taken" };
    const owners = await trx
      .selectFrom("owners")
      .select("email")
      .where("daily_digest", "=", 1)
      .orderBy("email")
      .execute();
    if (owners.length === 0) return { sent: 0, day };
    const content = await digestContent(trx, day);
    for (const owner of owners) await enqueueMail(trx, digestEmail(owner.email, content, siteUrl, now, hours), now);
    return { sent: owners.length, day };
  });
}

export async function digestChoice(db: Kysely<Database>, ownerId: string): Promise<boolean> {
  const row = await db.selectFrom("owners").select("daily_digest").where("id", "=", ownerId).executeTakeFirst();
  return row?.daily_digest !== 0;
}

export async function setDigestChoice(db: Kysely<Database>, ownerId: string, on: boolean): Promise<void> {
  await db
    .updateTable("owners")
    .set({ daily_digest: on ? 1 : 0 })
    .where("id", "=", ownerId)
    .execute();
}
