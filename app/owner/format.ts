/** Dates as the owner reads them: New Jersey time, short. Shared with the browser. */
const format = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  month: "short",
  day: "numeric",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
});

export function deskTime(iso: string | Date): string {
  return format.format(typeof iso === "string" ? new Date(iso) : iso);
}
