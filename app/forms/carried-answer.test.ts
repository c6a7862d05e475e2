import { describe, expect, it } from "vitest";
import { carriedAnswer, carryAnswer, type CarriedForms } from "./carried-answer";
import type { ChangeAnswer } from "./change-answer";

const FORMS: CarriedForms = { intents: ["add-closed-day", "remove-closed-day"], fields: ["firstDay", "label"] };
const back = (answer: ChangeAnswer) => carriedAnswer(new URLSearchParams(carryAnswer(answer, FORMS)), FORMS);

describe("an answer carried back to its page in the address", () => {
  it("comes back as it was given, done or refused", () => {
    const done: ChangeAnswer = { ok: true, intent: "add-closed-day", done: "Added: Thanksgiving." };
    expect(back(done)).toEqual(done);
    const refused: ChangeAnswer = {
      ok: false,
      intent: "add-closed-day",
      errors: { firstDay: "That day has passed.", form: "Check the day." },
      values: { firstDay: "2020-01-01", label: "Inventory" },
    };
    expect(back(refused)).toEqual(refused);
  });

  it("leaves out what the page's forms do not have, and cuts each sentence short", () => {
    const carried = back({
      ok: false,
      intent: "add-closed-day",
      errors: { firstDay: "x".repeat(1_000), password: "secret" },
      values: { label: "y".repeat(1_000), token: "abc" },
    });
    expect(carried).toEqual({
      ok: false,
      intent: "add-closed-day",
      errors: { firstDay: "x".repeat(300) },
      values: { label: "y".repeat(300) },
    });
  });

  it("reads nothing from an address that names another page's form, or no form", () => {
    expect(carriedAnswer(new URLSearchParams("answer=send-invoice&done=Sent"), FORMS)).toBeNull();
    expect(carriedAnswer(new URLSearchParams("done=Sent"), FORMS)).toBeNull();
    expect(carriedAnswer(new URLSearchParams("answer=add-closed-day&done="), FORMS)).toBeNull();
    // A hand-made address can say no more than a refusal of the page's own form could.
    expect(
      carriedAnswer(new URLSearchParams("answer=remove-closed-day&error-form=Gone&error-other=No&value-x=1"), FORMS),
    ).toEqual({ ok: false, intent: "remove-closed-day", errors: { form: "Gone" }, values: {} });
  });
});
