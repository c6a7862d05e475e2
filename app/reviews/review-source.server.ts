/**
 * The reviews as public pages read them while they are rendered (see `app/live/snapshot.server.ts`):
 * every published review, newest first, with the service of its job and the owner's reply, and
 * the count of hidden ones for each reason.
 */
import { serviceSlugs, type ServiceSlug } from "~/content/services";
import { toDate } from "~/infra/schema.server";
import type { LiveSource } from "~/live/snapshot.server";
import { dayOf } from "~/time/business-time";
import { HIDE_REASONS } from "./review-rules";
import { NO_REVIEWS, type PublicReviews } from "./review-summary";

const asService = (value: string | null): ServiceSlug | null =>
  value !== null && (serviceSlugs as readonly string[]).includes(value) ? (value as ServiceSlug) : null;

export const reviewSource: LiveSource<PublicReviews> = {
  name: "reviews",
  empty: NO_REVIEWS,
  async load(db) {
    const rows = await db
      .selectFrom("reviews as r")
      .leftJoin("leads as l", "l.id", "r.lead_id")
      .select([
        "r.id",
        "r.rating",
        "r.body",
        "r.display_name",
        "r.town",
        "r.created_at",
        "r.hidden_reason",
        "r.reply_body",
        "r.reply_at",
        "l.service",
      ])
      .orderBy("r.created_at", "desc")
      .orderBy("r.id")
      .execute();
    const reviews = rows
      .filter((r) => r.hidden_reason === null)
      .map((r) => ({
        id: r.id,
        rating: r.rating,
        body: r.body,
        name: r.display_name,
        town: r.town,
        day: dayOf(toDate(r.created_at)),
        service: asService(r.service),
        reply:
          r.reply_body !== null && r.reply_at !== null ? { body: r.reply_body, day: dayOf(toDate(r.reply_at)) } : null,
      }));
    const hidden = HIDE_REASONS.map((reason) => ({
      reason,
      count: rows.filter((r) => r.hidden_reason === reason).length,
    })).filter((h) => h.count > 0);
    return { value: { reviews, hidden } };
  },
};
