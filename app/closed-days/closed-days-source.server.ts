/**
 * The closed days as public pages read them while they are rendered: today's label for the hours
 * shown on every page, and the next 60 days' closures for the home page's structured data.
 */
import { addDays, dayOf, startOfDay } from "~/time/business-time";
import type { LiveSource } from "~/live/snapshot.server";
import { closedDaysBetween, hasClosedDaysFrom } from "./closed-days.server";

/** How far ahead structured data announces closures. */
export const ANNOUNCED_DAYS = 60;

export interface PublicClosedDays {
  /** The label of a closure that covers today in New Jersey; null when open as usual. */
  today: string | null;
  upcoming: { firstDay: string; lastDay: string; label: string }[];
}

export const closedDaysSource: LiveSource<PublicClosedDays> = {
  name: "closed-days",
  empty: { today: null, upcoming: [] },
  async load(db, now) {
    const today = dayOf(now);
    const days = await closedDaysBetween(db, today, addDays(today, ANNOUNCED_DAYS));
    const value: PublicClosedDays = {
      today: days.find((d) => d.firstDay <= today && today <= d.lastDay)?.label ?? null,
      upcoming: days.map(({ firstDay, lastDay, label }) => ({ firstDay, lastDay, label })),
    };
    // "Closed today" and the 60 days ahead move at midnight while any closure lies ahead.
    const changesAt = (await hasClosedDaysFrom(db, today)) ? startOfDay(addDays(today, 1)) : undefined;
    return { value, changesAt };
  },
};
