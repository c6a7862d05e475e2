import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { businessTimezone, calendarFile, escapeText, foldLine, localDateTime, type CalendarEvent } from "./ics.server";
import { instantOf } from "~/time/business-time";

function event(overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  return {
    method: "REQUEST",
    uid: "visit-1b2c@site.causeway.test",
    sequence: 0,
    stamp: new Date("2026-11-23T18:00:00Z"),
    startsAt: instantOf(2026, 11, 24, 10),
    endsAt: instantOf(2026, 11, 24, 12),
    summary: "Site visit - Causeway Home Repair",
    description: "We visit to see the project; to change the time, call (609) 555-0100.",
    location: "12 Dune Lane, Surf City, NJ",
    organizer: { name: "Causeway Home Repair & Renovation", email: "owner@causeway.test" },
    attendee: { name: "Dana", email: "dana@example.com" },
    ...overrides,
  };
}

/** Content lines as written before folding. */
const unfold = (text: string) => text.replace(/\r\n /g, "");

/** The file read back by ical.js with its own time zone definition, as a calendar app does. */
function readBack(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone") ?? undefined);
  ICAL.TimezoneService.register(zone, "America/New_York");
  const vevent = calendar.getFirstSubcomponent("vevent");
  if (!vevent) throw new Error("no VEVENT");
  return { calendar, event: new ICAL.Event(vevent) };
}

describe("the calendar file", () => {
  it("ends every line with CRLF and keeps every line within 75 octets, continuation lines starting with a space", () => {
    const text = calendarFile(
      event({ description: "Ünïcödé everywhere — ".repeat(20), location: "A very long address, ".repeat(8) }),
    );
    expect(text.endsWith("\r\n")).toBe(true);
    expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = text.split("\r\n").slice(0, -1);
    for (const line of lines) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    // Unfolding gives back the exact text, so no character was cut in two.
    const description = readBack(text).event.description;
    expect(description).toBe("Ünïcödé everywhere — ".repeat(20));
  });

  it("folds at 75 octets without splitting a multi-byte character", () => {
    const line = `DESCRIPTION:${"é".repeat(60)}`;
    const folded = foldLine(line).split("\r\n");
    expect(folded.length).toBe(2);
    expect(Buffer.byteLength(folded[0] ?? "", "utf8")).toBe(74); // 12 + 31 × 2; a 32nd é would make 76
    expect(folded[1]?.startsWith(" é")).toBe(true);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join("")).toBe(line);
    expect(foldLine("SHORT:line")).toBe("SHORT:line");
  });

  it("escapes backslashes, semicolons, commas and line breaks in text", () => {
    expect(escapeText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
    const text = unfold(calendarFile(event({ location: "12 Dune Lane; Unit 3, Surf City\nNJ \\ 08008" })));
    expect(text).toContain("LOCATION:12 Dune Lane\\; Unit 3\\, Surf City\\nNJ \\\\ 08008");
    expect(readBack(text).event.location).toBe("12 Dune Lane; Unit 3, Surf City\nNJ \\ 08008");
  });

  it("carries a full America/New_York VTIMEZONE with daylight and standard rules", () => {
    const text = calendarFile(event());
    for (const line of businessTimezone()) expect(text).toContain(`${line}\r\n`);
    expect(text).toContain("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU");
    expect(text).toContain("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU");
    expect(text).toContain("DTSTART;TZID=America/New_York:20261124T100000");
    expect(text).toContain("DTEND;TZID=America/New_York:20261124T120000");
  });

  it.each([
    // Winter: EST, UTC-5.
    ["a January morning", instantOf(2027, 1, 12, 9), "2027-01-12T14:00:00.000Z"],
    // Summer: EDT, UTC-4.
    ["a July afternoon", instantOf(2027, 7, 6, 15, 30), "2027-07-06T19:30:00.000Z"],
    // The Monday after the spring change (Sunday March 14, 2027) is already daylight time.
    ["the day after clocks go forward", instantOf(2027, 3, 15, 10), "2027-03-15T14:00:00.000Z"],
    // The Saturday before it is still standard time.
    ["the day before clocks go forward", instantOf(2027, 3, 13, 10), "2027-03-13T15:00:00.000Z"],
    // The Monday after the autumn change (Sunday November 7, 2027) is standard time again.
    ["the day after clocks go back", instantOf(2027, 11, 8, 10), "2027-11-08T15:00:00.000Z"],
    ["the day before clocks go back", instantOf(2027, 11, 6, 10), "2027-11-06T14:00:00.000Z"],
  ])("writes %s in New Jersey time that reads back as the right instant", (_label, startsAt, utc) => {
    expect(startsAt.toISOString()).toBe(utc);
    const endsAt = new Date(startsAt.getTime() + 2 * 60 * 60 * 1000);
    const { event: read } = readBack(calendarFile(event({ startsAt, endsAt })));
    expect(read.startDate.zone?.tzid).toBe("America/New_York");
    expect(read.startDate.toJSDate().toISOString()).toBe(utc);
    expect(read.endDate.toJSDate().getTime()).toBe(endsAt.getTime());
  });

  it("writes a request with the organizer, the attendee, a stable UID and a sequence", () => {
    const text = unfold(calendarFile(event()));
    const { calendar, event: read } = readBack(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(read.uid).toBe("visit-1b2c@site.causeway.test");
    expect(read.sequence).toBe(0);
    expect(text).toContain('ORGANIZER;CN="Causeway Home Repair & Renovation":mailto:owner@causeway.test');
    expect(text).toContain(
      'ATTENDEE;CN="Dana";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:dana@example.com',
    );
    expect(text).toContain("STATUS:CONFIRMED");
    expect(text).toContain("DTSTAMP:20261123T180000Z");
  });

  it("writes a cancellation with the same UID and a higher sequence", () => {
    const text = calendarFile(event({ method: "CANCEL", sequence: 1 }));
    const { calendar, event: read } = readBack(text);
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(read.uid).toBe("visit-1b2c@site.causeway.test");
    expect(read.sequence).toBe(1);
    expect(text).toContain("STATUS:CANCELLED");
  });

  it("keeps quotes and control characters out of a name given as a parameter", () => {
    const text = unfold(calendarFile(event({ attendee: { name: 'Dana "D"\r\nX', email: "dana@example.com" } })));
    expect(text).toContain('ATTENDEE;CN="Dana DX";');
  });

  it("writes local times as the New Jersey clock shows them", () => {
    expect(localDateTime(new Date("2026-07-01T16:05:09Z"))).toBe("20260701T120509");
  });
});
