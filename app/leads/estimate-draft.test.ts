import { describe, expect, it } from "vitest";
import { clearDraft, draftStorageKey, loadDraft, sameValues, saveDraft } from "./estimate-draft";

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const key = "8e03978e-40d5-43e8-bc93-6894a57f9324";

describe("estimate draft", () => {
  it("keeps the text and the key per form until cleared", () => {
    const storage = memoryStorage();
    saveDraft(storage, "estimate", { values: { name: "Ann", description: "Deck\nstairs" }, key });
    expect(loadDraft(storage, "estimate")).toEqual({
      values: { name: "Ann", description: "Deck\nstairs" },
      key,
      sentValues: undefined,
    });
    expect(loadDraft(storage, "dialog")).toBeUndefined();
    clearDraft(storage, "estimate");
    expect(loadDraft(storage, "estimate")).toBeUndefined();
  });

  it("ignores what it did not write: broken JSON, foreign fields, a malformed key", () => {
    const storage = memoryStorage();
    storage.setItem(draftStorageKey("x"), "{not json");
    expect(loadDraft(storage, "x")).toBeUndefined();
    storage.setItem(
      draftStorageKey("x"),
      JSON.stringify({ values: { name: "Ann", email: 5, photos: "a.jpg" }, key: "<bad key>" }),
    );
    expect(loadDraft(storage, "x")).toEqual({ values: { name: "Ann" }, key: undefined, sentValues: undefined });
  });

  it("survives storage that throws", () => {
    const throwing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("quota");
      },
      removeItem: () => {
        throw new Error("blocked");
      },
    };
    expect(loadDraft(throwing, "x")).toBeUndefined();
    expect(() => saveDraft(throwing, "x", { values: {} })).not.toThrow();
    expect(() => clearDraft(throwing, "x")).not.toThrow();
    expect(loadDraft(undefined, "x")).toBeUndefined();
  });

  it("compares text with empty and missing fields alike", () => {
    expect(sameValues({ name: "Ann", phone: "" }, { name: "Ann" })).toBe(true);
    expect(sameValues({ name: "Ann" }, { name: "Ann " })).toBe(false);
  });
});
