/**
 * The value of a `datetime-local` field as New Jersey time, whatever the zone of the phone or the
 * server: the owner types the time the sign on the door would say.
 */
import { instantOf, wallClock } from "~/time/business-time";

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The instant a "YYYY-MM-DDTHH:MM" value names in New Jersey; undefined when it is not one. */
export function parseNjDateTime(value: string): Date | undefined {
  const match = LOCAL.exec(value.trim());
  if (!match) return undefined;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  if (m < 1 || m > 12 || d < 1 || d > 31 || h > 23 || min > 59) return undefined;
  const instant = instantOf(y, m, d, h, min);
  const shown = wallClock(instant);
  // February 30th and the hour skipped when clocks go forward do not exist on a New Jersey clock.
  if (shown.year !== y || shown.month !== m || shown.day !== d || shown.hour !== h || shown.minute !== min)
    return undefined;
  return instant;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The "YYYY-MM-DDTHH:MM" a New Jersey clock shows at the instant. */
export function njDateTimeValue(date: Date): string {
  const c = wallClock(date);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}T${pad(c.hour)}:${pad(c.minute)}`;
}
