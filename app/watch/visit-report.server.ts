/**
 * A visit's report: read for the homeowner behind their plan's link (field by field: no access
 * notes, no owner's address), and sent when the visit finishes, in the finish's transaction: the
 * homeowner gets the report's link, each owner a copy, and an Issue also tells the owners' phones
 * at once. The plan's link is opened from its seal to be mailed; it is never logged.
 */
import type { Kysely } from "kysely";
import { isId } from "~/forms/ids";
import { findByLinkToken, UNKNOWN_LINK, type DeadLink } from "~/infra/link-token.server";
import { enqueueMail } from "~/infra/outbox.server";
import { enqueuePush } from "~/infra/push-outbox.server";
import { toDate, type Database } from "~/infra/schema.server";
import { unsealWithServerKey } from "~/infra/seal.server";
import { ownerInboxes } from "~/owner/owners.server";
import { checkedByText } from "~/owner/owner-name";
import { profile } from "~/content/profile";
import type { MailContext } from "~/settings/env.server";
import { formatDateTime, formatTime } from "~/time/business-time";
import { parseChecklist } from "./checklist";
import { dayText } from "~/paperwork/document";
import {
  issuesOf,
  photoCaption,
  reportLines,
  reportSummary,
  type ReportItem,
  type ReportLine,
  type ReportPhoto,
} from "./visit-report";
import { baselinePhotos, visitPhotos, watchPhotoFileName, type WatchPhotoListing } from "./watch-photos.server";
import { reportEmails } from "./watch-emails.server";
import { reportPath } from "./watch-link.server";

type Db = Kysely<Database>;

/** The finished visit of this plan, with what its report shows; undefined otherwise. */
async function finishedVisit(db: Db, planId: string, visitId: string) {
  const visit = await db
    .selectFrom("watch_visits")
    .select(["id", "day", "kind", "started_at", "finished_at", "checked_by_name"])
    .where("id", "=", visitId)
    .where("plan_id", "=", planId)
    .where("status", "=", "finished")
    .executeTakeFirst();
  if (!visit) return undefined;
  const [results, plan] = await Promise.all([
    db
      .selectFrom("watch_results")
      .select(["item_id", "area", "label", "result", "note", "next_step"])
      .where("visit_id", "=", visitId)
      .execute(),
    db.selectFrom("watch_plans").select("checklist").where("id", "=", planId).executeTakeFirstOrThrow(),
  ]);
  // In the checklist's order, inside then outside; an item since removed from the list goes last.
  const order = parseChecklist(plan.checklist).map((i) => i.id);
  const rank = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length);
  results.sort((a, b) => rank(a.item_id) - rank(b.item_id));
  const [photos, baselines] = await Promise.all([visitPhotos(db, visitId), baselinePhotos(db, planId)]);
  const items = results.map((r) => ({
    itemId: r.item_id,
    area: r.area,
    label: r.label,
    result: r.result,
    note: r.note,
    nextStep: r.next_step ?? "",
  }));
  return { visit, items, photos, baselines };
}

/** The report's width for a photo: two side by side fit a phone's screen. */
const SHOWN_WIDTH = 320;

function reportPhoto(token: string, photo: WatchPhotoListing, time: (at: Date) => string): ReportPhoto {
  const file = (size: "small" | "large") => `/watch/${token}/photos/${watchPhotoFileName(photo.id, size)}`;
  return {
    src: file("small"),
    href: file("large"),
    width: SHOWN_WIDTH,
    height: Math.round((SHOWN_WIDTH * photo.height) / Math.max(1, photo.width)),
    caption: photoCaption(photo.takenFrom, time(photo.takenAt)),
  };
}

export interface HomeownerReport {
  state: "report";
  address: string;
  day: string;
  kind: string;
  arrived: string;
  left: string;
  checkedBy: string;
  summary: string;
  issues: number;
  lines: ReportLine[];
  planPath: string;
}

function reportView(
  address: string,
  token: string,
  found: NonNullable<Awaited<ReturnType<typeof finishedVisit>>>,
): HomeownerReport {
  const { visit } = found;
  // A baseline may date from another season: its day is shown with its time.
  const items: ReportItem[] = found.items.map((i) => ({
    ...i,
    photos: found.photos.filter((p) => p.itemId === i.itemId).map((p) => reportPhoto(token, p, formatTime)),
    baseline: found.baselines.filter((p) => p.itemId === i.itemId).map((p) => reportPhoto(token, p, formatDateTime)),
  }));
  const day = dayText(visit.day);
  return {
    state: "report",
    address,
    day,
    kind: visit.kind === "storm" ? "Storm check" : "Visit",
    arrived: visit.started_at ? formatTime(toDate(visit.started_at)) : "",
    left: visit.finished_at ? formatTime(toDate(visit.finished_at)) : "",
    // The name the owner gave on their account page, never their address; the business's alone
    // when none was given.
    checkedBy: checkedByText(visit.checked_by_name, profile.name),
    summary: reportSummary(items, address, day),
    issues: issuesOf(items).length,
    lines: reportLines(items),
    planPath: `/watch/${token}`,
  };
}

/** What `/watch/<token>/visits/<id>` shows: the report, or a link that opens nothing. */
export async function watchReport(db: Db, token: unknown, visitId: unknown): Promise<HomeownerReport | DeadLink> {
  const found = await findByLinkToken(token, async (hash, token) => {
    if (!isId(visitId)) return undefined;
    const plan = await db
      .selectFrom("watch_plans")
      .select(["id", "address", "status"])
      .where("token_hash", "=", hash)
      .where("status", "in", ["accepted", "ended"])
      .executeTakeFirst();
    if (!plan) return undefined;
    const visit = await finishedVisit(db, plan.id, visitId);
    return visit ? reportView(plan.address, token, visit) : undefined;
  });
  return found.state === "found" ? found.record : UNKNOWN_LINK;
}

/** In the finish's transaction: the report to the homeowner and the owners, and a push for an Issue. */
export async function sendReport(trx: Db, visitId: string, context: MailContext, now: Date): Promise<void> {
  const plan = await trx
    .selectFrom("watch_visits")
    .innerJoin("watch_plans", "watch_plans.id", "watch_visits.plan_id")
    .select([
      "watch_plans.id",
      "watch_plans.lead_id",
      "watch_plans.homeowner_name",
      "watch_plans.email",
      "watch_plans.address",
      "watch_plans.link_sealed",
    ])
    .where("watch_visits.id", "=", visitId)
    .executeTakeFirst();
  if (!plan) return;
  const found = await finishedVisit(trx, plan.id, visitId);
  const token = plan.link_sealed ? unsealWithServerKey("watch-link", plan.link_sealed) : undefined;
  if (!found || !token) return;
  const view = reportView(plan.address, token, found);
  const owners = await ownerInboxes(trx, context.leadsTo);
  for (const mail of reportEmails(
    { leadId: plan.lead_id, name: plan.homeowner_name, email: plan.email },
    owners,
    view,
    `${context.siteUrl}${reportPath(token, visitId)}`,
    `${context.siteUrl}/owner/watch/visits/${visitId}`,
    context,
  ))
    await enqueueMail(trx, mail, now);
  const issues = issuesOf(found.items);
  if (issues.length > 0)
    await enqueuePush(
      trx,
      "watch-push",
      {
        title: `Issue at ${plan.address}`.slice(0, 80),
        body: issues
          .map((i) => `${i.label}: ${i.note}`)
          .join(" · ")
          .slice(0, 160),
        url: `/owner/watch/visits/${visitId}`,
        tag: `watch-visit-${visitId}`,
      },
      plan.lead_id,
      now,
    );
}
