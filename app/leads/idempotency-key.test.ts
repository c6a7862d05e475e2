import { describe, expect, it } from "vitest";
import {
  idempotencyHeaderValue,
  newIdempotencyKey,
  readIdempotencyField,
  readIdempotencyHeader,
} from "./idempotency-key";

const uuid = "8e03978e-40d5-43e8-bc93-6894a57f9324";

describe("idempotency key", () => {
  it("reads the draft's quoted string and, leniently, the bare token", () => {
    expect(readIdempotencyHeader(`"${uuid}"`)).toEqual({ kind: "key", key: uuid });
    expect(readIdempotencyHeader(` "${uuid}" `)).toEqual({ kind: "key", key: uuid });
    expect(readIdempotencyHeader(uuid)).toEqual({ kind: "key", key: uuid });
    expect(readIdempotencyHeader(idempotencyHeaderValue(uuid))).toEqual({ kind: "key", key: uuid });
  });

  it("tells a missing header from a malformed one", () => {
    expect(readIdempotencyHeader(null)).toEqual({ kind: "none" });
    for (const bad of [
      "",
      '""',
      "short",
      `"${uuid}`,
      `${uuid}"`,
      `"${uuid}", "${uuid}"`,
      `"${uuid.replace("-", " ")}"`,
      `"${uuid}\\x"`,
      "x".repeat(129),
      `"${"é".repeat(20)}"`,
      `:${Buffer.from(uuid).toString("base64")}:`,
    ])
      expect(readIdempotencyHeader(bad), bad).toEqual({ kind: "malformed" });
    expect(readIdempotencyHeader("a".repeat(16))).toEqual({ kind: "key", key: "a".repeat(16) });
    expect(readIdempotencyHeader("a".repeat(128))).toEqual({ kind: "key", key: "a".repeat(128) });
  });

  it("reads an empty form field as no key", () => {
    expect(readIdempotencyField(undefined)).toEqual({ kind: "none" });
    expect(readIdempotencyField("  ")).toEqual({ kind: "none" });
    expect(readIdempotencyField(uuid)).toEqual({ kind: "key", key: uuid });
    expect(readIdempotencyField("<script>")).toEqual({ kind: "malformed" });
  });

  it("makes keys that it accepts, different each time", () => {
    const a = newIdempotencyKey();
    expect(readIdempotencyField(a)).toEqual({ kind: "key", key: a });
    expect(newIdempotencyKey()).not.toBe(a);
  });
});
