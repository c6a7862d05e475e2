import { describe, expect, it } from "vitest";
import { pageAnswer, type CarriedForms } from "./carried-answer";

const FORMS: CarriedForms = { intents: ["add-closed-day", "remove-closed-day"], fields: ["firstDay", "label"] };

describe("an answer as its page takes it back", () => {
  it("is the answer as it was given, done or refused", () => {
    const done = { ok: true, intent: "add-closed-day", done: "Added: Thanksgiving." } as const;
    expect(pageAnswer(done, FORMS)).toEqual(done);
    const refused = {
      ok: false,
      intent: "add-closed-day",
      errors: { firstDay: "That day has passed.", form: "Check the day." },
      values: { firstDay: "2020-01-01", label: "Inventory" },
    } as const;
    expect(pageAnswer(refused, FORMS)).toEqual(refused);
  });

  it("leaves out what the page's forms do not have, and cuts each sentence short", () => {
    const taken = pageAnswer(
      {
        ok: false,
        intent: "add-closed-day",
        errors: { firstDay: "x".repeat(1_000), password: "secret" },
        values: { label: "y".repeat(1_000), token: "abc" },
      },
      FORMS,
    );
    expect(taken).toEqual({
      ok: false,
      intent: "add-closed-day",
      errors: { firstDay: "x".repeat(300) },
      values: { label: "y".repeat(300) },
    });
  });

  it("is nothing for another page's form, or a done answer with no sentence", () => {
    expect(pageAnswer({ ok: true, intent: "send-invoice", done: "Sent" }, FORMS)).toBeNull();
    expect(pageAnswer({ ok: true, intent: "add-closed-day", done: "" }, FORMS)).toBeNull();
  });
});
