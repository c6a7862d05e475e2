import { describe, expect, it } from "vitest";
import { seal, sealKeyOf, SEAL_KEY_BYTES } from "./seal.server";
import { getEnv } from "~/settings/env.server";
import type { CarriedForms } from "~/forms/carried-answer";
import {
  ANSWER_COOKIE,
  ANSWER_LIFETIME_MS,
  carryAnswer,
  openAnswer,
  sealAnswer,
  takeCarriedAnswer,
  type SetCookies,
} from "./carried-answer.server";
import type { ChangeAnswer } from "~/forms/change-answer";

const FORMS: CarriedForms = { intents: ["add-closed-day", "remove-closed-day"], fields: ["firstDay", "label"] };
const PAGE = "/owner/site";
const KEY = Buffer.alloc(SEAL_KEY_BYTES, 3);
const NOW = Date.parse("2026-12-06T03:00:00Z");
const DONE: ChangeAnswer = { ok: true, intent: "add-closed-day", done: "Added: Thanksgiving." };
const REFUSED: ChangeAnswer = {
  ok: false,
  intent: "add-closed-day",
  errors: { label: "Take out the hidden mark." },
  values: { firstDay: "2026-12-24", label: "check 1043, J. Smith" },
};

/** The page's request after the redirect, with the cookie the redirect set (its value alone). */
function pageRequest(setCookie: string, url = `http://localhost:3000${PAGE}`): Request {
  return new Request(url, { headers: { cookie: `other=1; ${setCookie.split(";")[0] ?? ""}` } });
}

/** The first Set-Cookie of several. */
const first = (cookies: SetCookies) => cookies[0]?.[1] ?? "";

describe("an answer sealed for its page", () => {
  it("opens, done or refused, as the server made it, on that page and until it ends", () => {
    for (const answer of [DONE, REFUSED]) {
      const sealed = sealAnswer(KEY, answer, FORMS, PAGE, NOW);
      expect(openAnswer(KEY, sealed, [FORMS], PAGE, NOW + 1_000)).toEqual(answer);
      // Typed words are not readable in the cookie.
      expect(sealed).not.toContain("1043");
    }
  });

  it("is nothing once its minute is over", () => {
    const sealed = sealAnswer(KEY, DONE, FORMS, PAGE, NOW);
    expect(openAnswer(KEY, sealed, [FORMS], PAGE, NOW + ANSWER_LIFETIME_MS - 1)).toEqual(DONE);
    expect(openAnswer(KEY, sealed, [FORMS], PAGE, NOW + ANSWER_LIFETIME_MS)).toBeNull();
  });

  it("is nothing on another page, or for forms the page does not have", () => {
    const sealed = sealAnswer(KEY, DONE, FORMS, PAGE, NOW);
    expect(openAnswer(KEY, sealed, [FORMS], "/owner/jobs/1", NOW)).toBeNull();
    expect(openAnswer(KEY, sealed, [{ intents: ["send-invoice"], fields: [] }], PAGE, NOW)).toBeNull();
  });

  it("is nothing when hand-made: unsealed, sealed with another key or for another purpose, or altered", () => {
    const handMade = JSON.stringify({ page: PAGE, expires: NOW + 60_000, answer: DONE });
    expect(openAnswer(KEY, handMade, [FORMS], PAGE, NOW)).toBeNull();
    expect(openAnswer(KEY, encodeURIComponent(handMade), [FORMS], PAGE, NOW)).toBeNull();
    const otherKey = sealAnswer(Buffer.alloc(SEAL_KEY_BYTES, 4), DONE, FORMS, PAGE, NOW);
    expect(openAnswer(KEY, otherKey, [FORMS], PAGE, NOW)).toBeNull();
    expect(openAnswer(KEY, seal(KEY, "job-link", handMade), [FORMS], PAGE, NOW)).toBeNull();
    const sealed = sealAnswer(KEY, DONE, FORMS, PAGE, NOW);
    const altered = `${sealed.slice(0, -2)}${sealed.endsWith("A") ? "B" : "A"}${sealed.slice(-1)}`;
    expect(openAnswer(KEY, altered, [FORMS], PAGE, NOW)).toBeNull();
    // Sealed by this server, but not an answer.
    const notAnswer = seal(KEY, "desk-answer", JSON.stringify({ page: PAGE, expires: NOW + 60_000, answer: "Hi" }));
    expect(openAnswer(KEY, notAnswer, [FORMS], PAGE, NOW)).toBeNull();
  });

  it("leaves out what the form held when the cookie would be too long for a browser to keep", () => {
    const long: ChangeAnswer = {
      ok: false,
      intent: "add-closed-day",
      errors: { form: "f".repeat(300), firstDay: "d".repeat(300), label: "l".repeat(300) },
      values: { firstDay: "x".repeat(300), label: "y".repeat(300) },
    };
    const many: CarriedForms = { intents: ["add-closed-day"], fields: ["firstDay", "label", "a", "b", "c"] };
    const wide = { ...long, errors: { ...long.errors, a: "a".repeat(300), b: "b".repeat(300), c: "c".repeat(300) } };
    const full = { ...wide, values: { ...wide.values, a: "1".repeat(300), b: "2".repeat(300), c: "3".repeat(300) } };
    const sealed = sealAnswer(KEY, full, many, PAGE, NOW);
    expect(sealed.length).toBeLessThanOrEqual(3_800);
    expect(openAnswer(KEY, sealed, [many], PAGE, NOW)).toEqual({ ...wide, values: {} });
  });
});

describe("the answer's cookie", () => {
  it("is HttpOnly, SameSite=Strict, for the desk and the list's data only, a minute long, and Secure over https", () => {
    const attributes = (cookies: SetCookies) => cookies.map(([, cookie]) => cookie.split("; ").slice(1));
    const plain = carryAnswer(new Request("http://localhost:3000/owner/site/closed-days"), DONE, FORMS, PAGE);
    for (const [name, cookie] of plain) {
      expect(name).toBe("Set-Cookie");
      expect(cookie).toMatch(new RegExp(`^${ANSWER_COOKIE}=s1\\.`));
    }
    expect(attributes(plain)).toEqual([
      ["Path=/owner", "HttpOnly", "SameSite=Strict", "Max-Age=60"],
      ["Path=/owner.data", "HttpOnly", "SameSite=Strict", "Max-Age=60"],
    ]);
    const secure = carryAnswer(new Request("https://site.example/owner/site/closed-days"), DONE, FORMS, PAGE);
    expect(attributes(secure)).toEqual([
      ["Path=/owner", "HttpOnly", "SameSite=Strict", "Max-Age=60", "Secure"],
      ["Path=/owner.data", "HttpOnly", "SameSite=Strict", "Max-Age=60", "Secure"],
    ]);
  });

  it("is read once by its page: shown, then cleared", () => {
    const setCookie = first(carryAnswer(new Request(`http://localhost:3000${PAGE}/closed-days`), REFUSED, FORMS, PAGE));
    const taken = takeCarriedAnswer(pageRequest(setCookie), PAGE, [FORMS]);
    expect(taken.answer).toEqual(REFUSED);
    // Both of its paths are cleared, whichever one the page was read by.
    expect(taken.headers).toEqual([
      ["Set-Cookie", `${ANSWER_COOKIE}=; Path=/owner; HttpOnly; SameSite=Strict; Max-Age=0`],
      ["Set-Cookie", `${ANSWER_COOKIE}=; Path=/owner.data; HttpOnly; SameSite=Strict; Max-Age=0`],
    ]);
    // Another page leaves it for its own.
    expect(takeCarriedAnswer(pageRequest(setCookie, "http://localhost:3000/owner"), "/owner", [FORMS])).toEqual({
      answer: null,
      headers: [],
    });
  });

  it("shows nothing for a hand-made address or cookie, and clears a cookie it cannot open", () => {
    const query = "answer=add-closed-day&done=Passkey+expired,+call+609-555-0100";
    expect(takeCarriedAnswer(new Request(`http://localhost:3000${PAGE}?${query}`), PAGE, [FORMS])).toEqual({
      answer: null,
      headers: [],
    });
    const handMade = `${ANSWER_COOKIE}=${encodeURIComponent(JSON.stringify(DONE))}`;
    const taken = takeCarriedAnswer(pageRequest(handMade), PAGE, [FORMS]);
    expect(taken.answer).toBeNull();
    expect(first(taken.headers)).toContain("Max-Age=0");
  });

  it("is sealed with the server's own key", () => {
    const setCookie = first(carryAnswer(new Request(`http://localhost:3000${PAGE}`), DONE, FORMS, PAGE));
    const value = (setCookie.split(";")[0] ?? "").slice(ANSWER_COOKIE.length + 1);
    expect(openAnswer(sealKeyOf(getEnv()), value, [FORMS], PAGE, Date.now())).toEqual(DONE);
  });
});
