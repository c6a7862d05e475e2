/**
 * The calendar invitation sent with a confirmed visit, and the cancellation that withdraws it
 * (RFC 5545 iCalendar, with the scheduling methods of RFC 5546).
 *
 * Apple Calendar, Google Calendar and Outlook each read the file differently; what they agree on:
 * CRLF line ends, lines folded at 75 octets (never inside a UTF-8 character), text escaped, the
 * times written in the business's wall-clock time with the zone's full definition in the file (so
 * no client has to know the zone's name), and one UID per visit, whose SEQUENCE grows with each
 * change so a cancellation replaces the invitation instead of standing beside it.
 */
import { BUSINESS_ZONE, wallClock } from "~/time/business-time";

export type CalendarMethod = "REQUEST" | "CANCEL";

export interface CalendarPerson {
  name?: string;
  email: string;
}

export interface CalendarEvent {
  method: CalendarMethod;
  uid: string;
  sequence: number;
  /** When this version of the event was written. */
  stamp: Date;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string;
  organizer: CalendarPerson;
  attendee: CalendarPerson;
}

const CRLF = "\r\n";
const MAX_OCTETS = 75;

/** TEXT values: backslash, semicolon, comma and line breaks are escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A parameter value (a name after CN=): quoted, with the characters a quoted value cannot hold removed. */
export function paramValue(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, "")}"`;
}

/**
 * Splits a content line into lines of at most 75 octets, each continuation starting with a space
 * (which counts toward its 75). A character is never split between lines.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    if (octets + size > MAX_OCTETS) {
      out.push(current);
      current = ` ${char}`;
      octets = 1 + size;
    } else {
      current += char;
      octets += size;
    }
  }
  out.push(current);
  return out.join(CRLF);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** DATE-TIME in UTC: 20261124T150000Z. */
export function utcDateTime(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** DATE-TIME as the business's clock shows it, for use with its TZID. */
export function localDateTime(date: Date): string {
  const c = wallClock(date);
  return `${pad(c.year, 4)}${pad(c.month)}${pad(c.day)}T${pad(c.hour)}${pad(c.minute)}${pad(c.second)}`;
}

/**
 * The rules of the zones a calendar file can name, written out in full because Outlook ignores a
 * TZID it is not given. US Eastern time since 2007: daylight time from the second Sunday of March
 * at 2:00 to the first Sunday of November at 2:00. A business in another zone adds its rules here.
 */
const ZONE_RULES: Readonly<Record<string, readonly string[]>> = {
  "America/New_York": [
    "BEGIN:DAYLIGHT",
    "TZOFFSETFROM:-0500",
    "TZOFFSETTO:-0400",
    "TZNAME:EDT",
    "DTSTART:20070311T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "END:DAYLIGHT",
    "BEGIN:STANDARD",
    "TZOFFSETFROM:-0400",
    "TZOFFSETTO:-0500",
    "TZNAME:EST",
    "DTSTART:20071104T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "END:STANDARD",
  ],
};

/** The VTIMEZONE of the business's zone; throws for a zone without rules here. */
export function businessTimezone(zone: string = BUSINESS_ZONE): readonly string[] {
  const rules = ZONE_RULES[zone];
  if (!rules) throw new Error(`visits/ics.server.ts has no calendar rules for the time zone ${zone}`);
  return ["BEGIN:VTIMEZONE", `TZID:${zone}`, `X-LIC-LOCATION:${zone}`, ...rules, "END:VTIMEZONE"];
}

function person(property: "ORGANIZER" | "ATTENDEE", who: CalendarPerson, extra: string[] = []): string {
  const params = [...(who.name ? [`CN=${paramValue(who.name)}`] : []), ...extra];
  return `${property}${params.map((p) => `;${p}`).join("")}:mailto:${who.email}`;
}

/** The whole .ics file: CRLF line ends, folded, ending in CRLF. */
export function calendarFile(event: CalendarEvent): string {
  const cancel = event.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Causeway Home Repair//Site visits//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    ...businessTimezone(),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcDateTime(event.stamp)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTART;TZID=${BUSINESS_ZONE}:${localDateTime(event.startsAt)}`,
    `DTEND;TZID=${BUSINESS_ZONE}:${localDateTime(event.endsAt)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    person("ORGANIZER", event.organizer),
    person("ATTENDEE", event.attendee, [
      "ROLE=REQ-PARTICIPANT",
      // The homeowner picked this time themselves: asking them to accept it again would be noise.
      ...(cancel ? [] : ["PARTSTAT=ACCEPTED"]),
      "RSVP=FALSE",
    ]),
    `STATUS:${cancel ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

/** The Content-Type of the attachment; the method must match the file's for Outlook to offer buttons. */
export function calendarContentType(method: CalendarMethod): string {
  return `text/calendar; method=${method}; charset=UTF-8`;
}
