/** Dates as pages show them ("November 3, 2025"), fixed to UTC so server and browser agree. */
const formatter = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export const formatDate = (isoDate: string) => formatter.format(new Date(`${isoDate}T00:00:00Z`));
