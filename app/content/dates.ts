/**
 * Dates as pages show them ("November 3, 2025"), from an ISO date ("2025-11-03").
 *
 * Written by hand rather than with Intl.DateTimeFormat: the first Intl formatter a page builds
 * loads the browser's locale data, one long task of about 80 ms on a phone during hydration,
 * which the public pages' blocking-time budget cannot afford. The date has no time of day, so
 * server and browser agree whatever their time zones.
 */
/** The months' names, January first: also what the home watch request offers to choose from. */
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

export function formatDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return isoDate;
  return `${month} ${Number(match[3])}, ${match[1]}`;
}
