/**
 * The business facts against the built server: the owner publishes them from the desk, and every
 * instance's pages show them within seconds, in their `tel:` links, their structured data, the copy
 * that quotes them and the data a client-side navigation reads; special hours count only while
 * they run; 'Restore' brings a version back; a publish that breaks the rules, is stale, comes from a
 * stranger or another site changes nothing; a quote's PDF keeps the phone it was made with. Prints
 * the time from a publish on one instance to the new phone on the last one.
 */
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import {
  displayPhone,
  firstFacts,
  shortDayWords,
  weekOf,
  type BusinessFacts,
  type SpecialHours,
} from "~/content/business-facts";
import { factsFormValues } from "~/facts/facts-form";
import type { Database } from "~/infra/schema.server";
import { addDays, dayOf } from "~/time/business-time";
import { insertLead } from "../support/leads";
import { pdfText } from "../support/pdf-text";
import { deckQuote, enterContractFacts, quoteForm, storedBytes } from "../support/quotes";
import {
  builtSites,
  postgresForThisFile,
  stopAfterEachTest,
  waitFor,
  whileServerRuns,
  type BuiltSite,
} from "../support/system";

const stopAfterTest = stopAfterEachTest();
const postgres = postgresForThisFile();

const site = builtSites(stopAfterTest, postgres);

const FACTS_PATH = "/owner/site/facts";
const OLD_PHONE = firstFacts.phone;
const NEW_PHONE = "+16095550199";
const NEW_PHONE_TYPED = "(609) 555-0199";
/** The rules' words for a phone they refuse, as facts-rules.ts says them. */
const PHONE_MESSAGE = "Type a US phone number with its area code, such as (609) 555-0142.";
const STALE_MESSAGE = "Another owner published the facts while this page was open.";

/** The first facts with Saturday open 10:00 to 14:00 instead of by appointment. */
const saturdayOpen: BusinessFacts = {
  ...firstFacts,
  hours: { ...firstFacts.hours, Saturday: { opens: "10:00", closes: "14:00" } },
};

const closedRange = (name: string, firstDay: string, lastDay: string): SpecialHours => ({
  name,
  firstDay,
  lastDay,
  hours: weekOf(() => "closed"),
});

/** The form as the desk draws it for these facts on version `basedOn`, with fields retyped. */
const publishForm = (facts: BusinessFacts, basedOn: number, typed: Record<string, string> = {}) => ({
  ...factsFormValues(facts, basedOn),
  ...typed,
  intent: "publish",
});

const post = (
  s: BuiltSite,
  path: string,
  body: Record<string, string>,
  origin = s.origins[0] ?? "",
  headers: Record<string, string> = {},
) =>
  fetch(`${origin}${path}`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams(body),
    headers: { cookie: s.cookie, Origin: origin, ...headers },
  });

const page = async (origin: string, urlPath = "/") => (await fetch(`${origin}${urlPath}`)).text();

interface HoursSpec {
  dayOfWeek?: string[];
  validFrom?: string;
  validThrough?: string;
  opens?: string;
  closes?: string;
}

interface LdItem {
  "@type"?: string;
  telephone?: string;
  provider?: { telephone?: string };
  openingHoursSpecification?: HoursSpec[];
  specialOpeningHoursSpecification?: HoursSpec[];
}

/** A page's structured data, one item per script as the page writes them. */
const jsonLdOf = (html: string): LdItem[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? "{}") as LdItem,
  );

const businessOf = (html: string): LdItem | undefined =>
  jsonLdOf(html).find((item) => item["@type"] === "GeneralContractor");

/** A row of the hours list as the pages draw it: the days, then their hours. */
const hoursRow = (label: string, value: string) => new RegExp(`<dt[^>]*>${label}</dt><dd>${value}</dd>`);

const storedVersions = async (db: Kysely<Database>) =>
  (await db.selectFrom("business_facts").select("version").orderBy("version").execute()).map((r) => Number(r.version));

/** Every place a public page shows the phone, on one instance: the HTML, the data and the structured data. */
async function showsPhone(origin: string, phone: string): Promise<void> {
  const typed = displayPhone(phone);
  const home = await page(origin);
  expect(home).toContain(`href="tel:${phone}"`);
  const business = businessOf(home);
  expect(business?.telephone).toBe(phone);
  const service = await page(origin, "/services/decks-and-stairs");
  expect(service).toContain(`href="tel:${phone}"`);
  expect(jsonLdOf(service).find((item) => item["@type"] === "Service")?.provider?.telephone).toBe(phone);
  const faq = await page(origin, "/faq");
  expect(faq).toContain(`href="tel:${phone}"`);
  expect(faq).toContain(typed);
  expect(await page(origin, "/_root.data")).toContain(phone);
  expect(await page(origin, "/faq.data")).toContain(typed);
}

describe.each([
  ["sqlite", 1],
  ["postgres", 2],
] as const)("the business facts on %s, %i instance(s)", (backend, instances) => {
  it("shows a new phone and Saturday hours on every page of the last instance within 5 s", async () => {
    const s = await site(backend, instances);
    const first = s.origins[0] ?? "";
    const last = s.origins.at(-1) ?? "";
    await showsPhone(last, OLD_PHONE);
    const started = performance.now();
    const published = await post(s, FACTS_PATH, publishForm(saturdayOpen, 0, { phone: NEW_PHONE_TYPED }), first);
    expect(published.status).toBe(200);
    expect(await published.text()).toContain("Published version 1");
    await waitFor(async () => (await page(last)).includes(`href="tel:${NEW_PHONE}"`), 5_000);
    const ms = performance.now() - started;
    console.log(
      `business-facts (${backend}): publish on the first instance to the new phone on instance ${instances - 1}: ${Math.round(ms)} ms`,
    );
    await showsPhone(last, NEW_PHONE);
    const home = await page(last);
    expect(home).not.toContain(`tel:${OLD_PHONE}`);
    expect(businessOf(home)?.openingHoursSpecification).toContainEqual(
      expect.objectContaining({ dayOfWeek: ["Saturday"], opens: "10:00", closes: "14:00" }),
    );
    expect(home).toMatch(hoursRow("Saturday", "10am - 2pm"));
    // The phone is stored as the rules write it, whatever way it was typed.
    const stored = await s.db.selectFrom("business_facts").select(["facts", "published_by"]).executeTakeFirstOrThrow();
    expect((JSON.parse(stored.facts) as BusinessFacts).phone).toBe(NEW_PHONE);
    expect(stored.published_by).toBe("pat@causeway.test");
  });

  it("restores an earlier version as a new one, its phone back on the pages", async () => {
    const s = await site(backend, instances);
    const last = s.origins.at(-1) ?? "";
    expect((await post(s, FACTS_PATH, publishForm(saturdayOpen, 0, { phone: NEW_PHONE_TYPED }))).status).toBe(200);
    const second = await post(s, FACTS_PATH, publishForm(saturdayOpen, 1, { phone: "609-555-0177" }));
    expect(second.status).toBe(200);
    await waitFor(async () => (await page(last)).includes('href="tel:+16095550177"'));
    const restored = await post(s, FACTS_PATH, { intent: "restore", version: "1", basedOn: "2" });
    expect(restored.status).toBe(200);
    expect(await restored.text()).toContain("Restored version 1 as version 3.");
    await waitFor(async () => (await page(last)).includes(`href="tel:${NEW_PHONE}"`));
    await showsPhone(last, NEW_PHONE);
    expect(await page(last)).not.toContain("tel:+16095550177");
    expect(await storedVersions(s.db)).toEqual([1, 2, 3]);
    const row = await s.db
      .selectFrom("business_facts")
      .select("restored_from")
      .where("version", "=", 3)
      .executeTakeFirstOrThrow();
    expect(Number(row.restored_from)).toBe(1);
  });

  it("refuses a phone that breaks the rules and a stale form, storing nothing", async () => {
    const s = await site(backend, instances);
    const last = s.origins.at(-1) ?? "";
    expect((await post(s, FACTS_PATH, publishForm(firstFacts, 0, { phone: NEW_PHONE_TYPED }))).status).toBe(200);
    await waitFor(async () => (await page(last)).includes(`href="tel:${NEW_PHONE}"`));
    const before = await s.db.selectFrom("business_facts").selectAll().execute();

    const invalid = await post(s, FACTS_PATH, publishForm(firstFacts, 1, { phone: "555-01" }));
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain(PHONE_MESSAGE);
    // Filled from version 0 while version 1 is live: another owner's publish must not be undone.
    const stale = await post(s, FACTS_PATH, publishForm(saturdayOpen, 0, { phone: "609-555-0177" }));
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain(STALE_MESSAGE);
    const staleRestore = await post(s, FACTS_PATH, { intent: "restore", version: "1", basedOn: "0" });
    expect(staleRestore.status).toBe(409);

    expect(await s.db.selectFrom("business_facts").selectAll().execute()).toEqual(before);
    // Past the two-second poll, so a wrong publish would have reached the pages by now.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await showsPhone(last, NEW_PHONE);
    expect(await page(last)).not.toContain("tel:+16095550177");
  });

  it("refuses a stranger and a foreign Origin, storing nothing", async () => {
    const s = await site(backend, instances);
    const origin = s.origins[0] ?? "";
    const form = publishForm(firstFacts, 0, { phone: NEW_PHONE_TYPED });
    const stranger = await fetch(`${origin}${FACTS_PATH}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams(form),
      headers: { Origin: origin },
    });
    expect(stranger.status).not.toBe(200);
    expect(stranger.headers.get("location") ?? "").toContain("/owner/sign-in");
    const forged = await post(s, FACTS_PATH, form, origin, { Origin: "https://evil.example" });
    expect(forged.status).toBe(403);
    expect(await storedVersions(s.db)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    await showsPhone(s.origins.at(-1) ?? "", OLD_PHONE);
  });
});

describe("special hours", () => {
  it("count only while they run: a past range leaves the regular hours, a running one is named with its dates", async () => {
    const s = await site("sqlite");
    const origin = s.origins[0] ?? "";
    const today = dayOf(new Date());
    const past = closedRange("Stocktaking", addDays(today, -2), addDays(today, -1));
    const withPast: BusinessFacts = { ...saturdayOpen, specialHours: [past] };
    expect((await post(s, FACTS_PATH, publishForm(withPast, 0))).status).toBe(200);
    await waitFor(async () => hoursRow("Saturday", "10am - 2pm").test(await page(origin)));
    const regular = await page(origin);
    expect(regular).toMatch(hoursRow("Monday - Friday", "9am - 5pm"));
    expect(regular).toMatch(hoursRow("Sunday", "Closed"));
    expect(regular).not.toContain("Stocktaking");
    const pastSpecs = JSON.stringify(businessOf(regular)?.specialOpeningHoursSpecification ?? []);
    expect(pastSpecs).not.toContain(past.firstDay);
    expect(pastSpecs).not.toContain(past.lastDay);

    const running = closedRange("Inventory days", today, addDays(today, 2));
    const withRunning: BusinessFacts = { ...withPast, specialHours: [past, running] };
    expect((await post(s, FACTS_PATH, publishForm(withRunning, 1))).status).toBe(200);
    const note = `Inventory days until ${shortDayWords(running.lastDay)}`;
    await waitFor(async () => (await page(origin)).includes(note));
    const closed = await page(origin);
    // The week in force is the range's: closed every day.
    expect(closed).toMatch(hoursRow("Monday - Sunday", "Closed"));
    const specs = businessOf(closed)?.specialOpeningHoursSpecification ?? [];
    expect(specs).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        validFrom: running.firstDay,
        validThrough: running.lastDay,
        opens: "00:00",
        closes: "00:00",
      },
    ]);
    // The regular week is still what structured data gives as the usual hours.
    expect(businessOf(closed)?.openingHoursSpecification).toContainEqual(
      expect.objectContaining({ dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] }),
    );
  });
});

describe("documents made before a publish", () => {
  it("a quote's PDF keeps the phone it was sent with; one sent after carries the new one", async () => {
    const s = await site("sqlite");
    const origin = s.origins[0] ?? "";
    await whileServerRuns(() => enterContractFacts(s.db));
    const before = await whileServerRuns(() => insertLead(s.db, { email: "before@example.com" }));
    const after = await whileServerRuns(() => insertLead(s.db, { email: "after@example.com" }));
    const send = (leadId: string) =>
      post(s, `/owner/leads/${leadId}/quote`, Object.fromEntries(quoteForm(deckQuote(), "send")));
    const pdfOf = async (leadId: string) => {
      const row = await s.db
        .selectFrom("quote_versions")
        .select("document_id")
        .where("lead_id", "=", leadId)
        .executeTakeFirstOrThrow();
      return storedBytes(s.db, row.document_id);
    };

    expect((await send(before)).status).toBe(200);
    const sentBefore = await pdfOf(before);
    expect((await post(s, FACTS_PATH, publishForm(firstFacts, 0, { phone: NEW_PHONE_TYPED }))).status).toBe(200);
    await waitFor(async () => (await page(origin)).includes(`href="tel:${NEW_PHONE}"`));
    expect((await send(after)).status).toBe(200);

    const oldText = await pdfText(await pdfOf(before));
    expect(Buffer.from(await pdfOf(before)).equals(Buffer.from(sentBefore))).toBe(true);
    expect(oldText).toContain("(609) 555-0142");
    expect(oldText).not.toContain(NEW_PHONE_TYPED);
    const newText = await pdfText(await pdfOf(after));
    expect(newText).toContain(NEW_PHONE_TYPED);
    expect(newText).not.toContain("(609) 555-0142");
  });
});
