import { describe, expect, it } from "vitest";
import { dispatchIntent } from "./intents.server";

const form = (fields: Record<string, string>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  return body;
};

/** What a refusal thrown as `data(message, { status })` carries. */
async function refusal(answer: Promise<unknown>): Promise<{ status: number | undefined; message: unknown }> {
  try {
    await answer;
  } catch (error) {
    const thrown = error as { data?: unknown; init?: { status?: number } };
    return { status: thrown.init?.status, message: thrown.data };
  }
  throw new Error("the post was not refused");
}

describe("dispatchIntent", () => {
  const handlers = {
    hide: (intent: "hide") => ({ ok: true, did: intent }),
    show: async () => ({ ok: true, did: "show" }),
  };

  it("answers with the handler of the form's intent, and runs no other", async () => {
    const ran: string[] = [];
    const answer = await dispatchIntent(form({ intent: "show" }), {
      hide: () => ran.push("hide"),
      show: async () => {
        ran.push("show");
        return "shown";
      },
    });
    expect(answer).toBe("shown");
    expect(ran).toEqual(["show"]);
    expect(await dispatchIntent(form({ intent: "hide" }), handlers)).toEqual({ ok: true, did: "hide" });
  });

  it("reads the fields of a form with a file as it reads FormData", async () => {
    expect(await dispatchIntent(new Map([["intent", "show"]]), handlers)).toEqual({ ok: true, did: "show" });
  });

  it("refuses an intent it has no handler for with a 400 that names it", async () => {
    expect(await refusal(dispatchIntent(form({ intent: "publish" }), handlers))).toEqual({
      status: 400,
      message: 'Unknown action "publish".',
    });
    // Not an own handler: nothing inherited from Object is called.
    expect(await refusal(dispatchIntent(form({ intent: "toString" }), handlers))).toMatchObject({ status: 400 });
    expect(await refusal(dispatchIntent(form({ intent: "x".repeat(500) }), handlers))).toEqual({
      status: 400,
      message: `Unknown action "${"x".repeat(40)}".`,
    });
  });

  it("refuses a post that names no intent with a 400 that says so", async () => {
    const nothingToDo: Record<string, string>[] = [{}, { intent: "" }, { passkey: "x" }];
    for (const fields of nothingToDo)
      expect(await refusal(dispatchIntent(form(fields), handlers))).toEqual({
        status: 400,
        message: "Say what to do: the form names no action (intent).",
      });
    const withFile = new FormData();
    withFile.append("intent", new File(["x"], "intent.txt"));
    expect(await refusal(dispatchIntent(withFile, handlers))).toMatchObject({ status: 400 });
  });

  it("answers an intent it has no handler for with the page's own answer, when the page gives one", async () => {
    const otherwise = () => ({ ok: false, did: "shown again" });
    expect(await dispatchIntent(form({ intent: "hide" }), handlers, otherwise)).toEqual({ ok: true, did: "hide" });
    expect(await dispatchIntent(form({ intent: "bogus" }), handlers, otherwise)).toEqual(otherwise());
    expect(await dispatchIntent(form({}), handlers, otherwise)).toEqual(otherwise());
  });
});
