import { describe, expect, it } from "vitest";
import { finishProblems, readEntry, tappedAt } from "./visit-entries";

const form = (fields: Record<string, string>) => (name: string) => fields[name] ?? "";

describe("a visit screen's entry", () => {
  it("reads a result with its note and next step, and refuses what the screen never sends", () => {
    expect(
      readEntry(
        form({
          intent: "result",
          item: "ab12cd34",
          result: "issue",
          note: " Drip under the sink ",
          nextStep: "call-today",
          at: "x",
        }),
      ),
    ).toEqual({
      ok: true,
      entry: {
        kind: "result",
        at: "x",
        itemId: "ab12cd34",
        result: "issue",
        note: "Drip under the sink",
        nextStep: "call-today",
      },
    });
    expect(readEntry(form({ intent: "result", item: "ab12cd34", result: "fine" }))).toMatchObject({ ok: false });
    expect(readEntry(form({ intent: "result", item: "../etc", result: "ok" }))).toMatchObject({ ok: false });
    expect(readEntry(form({ intent: "result", item: "ab12cd34", result: "ok", nextStep: "panic" }))).toMatchObject({
      ok: false,
    });
    expect(
      readEntry(form({ intent: "result", item: "ab12cd34", result: "ok", note: "x".repeat(1_001) })),
    ).toMatchObject({ ok: false });
    expect(readEntry(form({ intent: "result", item: "ab12cd34", result: "ok", note: "a\u200Bb" }))).toMatchObject({
      ok: false,
    });
    expect(readEntry(form({ intent: "wipe" }))).toMatchObject({ ok: false });
  });

  it("believes the phone's time of a tap made within the hours before it arrived, and not otherwise", () => {
    const received = new Date("2027-01-14T15:00:00Z");
    expect(tappedAt("2027-01-14T14:10:00.000Z", received).toISOString()).toBe("2027-01-14T14:10:00.000Z");
    expect(tappedAt("2027-01-14T15:00:30.000Z", received).toISOString()).toBe("2027-01-14T15:00:00.000Z");
    expect(tappedAt("2027-01-14T15:05:00.000Z", received)).toBe(received);
    expect(tappedAt("2027-01-13T15:00:00.000Z", received)).toBe(received);
    expect(tappedAt("", received)).toBe(received);
  });

  it("names each item that stops 'Finish visit'", () => {
    const items = [
      { id: "a", label: "Water heater" },
      { id: "b", label: "Roof line" },
      { id: "c", label: "Mail" },
      { id: "d", label: "Sump pump" },
    ];
    expect(
      finishProblems(items, [
        { itemId: "a", result: "ok", note: "", nextStep: "" },
        { itemId: "b", result: "issue", note: "", nextStep: "quote-repair" },
        { itemId: "d", result: "issue", note: "Pit full", nextStep: "" },
      ]),
    ).toEqual([
      "Roof line: say what you found.",
      "Mail: mark it OK, Issue or Not checked.",
      "Sump pump: choose what happens next.",
    ]);
    expect(finishProblems(items.slice(0, 1), [{ itemId: "a", result: "skipped", note: "", nextStep: "" }])).toEqual([]);
  });
});
