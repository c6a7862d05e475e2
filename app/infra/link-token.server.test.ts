import { describe, expect, it } from "vitest";
import {
  deadLinkAnswer,
  findByLinkToken,
  hashToken,
  isLinkToken,
  randomToken,
  SPENT_LINK,
  UNKNOWN_LINK,
} from "./link-token.server";

describe("link tokens", () => {
  it("accepts every token it makes, and they differ", () => {
    const tokens = Array.from({ length: 50 }, randomToken);
    for (const token of tokens) expect([token, isLinkToken(token)]).toEqual([token, true]);
    expect(new Set(tokens).size).toBe(tokens.length);
  });

  it("refuses other lengths", () => {
    const token = randomToken();
    for (const made of ["", token.slice(0, 42), `${token}A`, token + token, "A".repeat(44)])
      expect([made, isLinkToken(made)]).toEqual([made, false]);
  });

  it("refuses other alphabets: standard base64, hex, escapes, non-ASCII", () => {
    const token = randomToken();
    for (const odd of ["+", "/", "=", ".", "%", "é", "\u0000"])
      expect([odd, isLinkToken(`${odd}${token.slice(1)}`)]).toEqual([odd, false]);
    expect(isLinkToken(hashToken(token))).toBe(false);
    expect(isLinkToken("../../owner/../../owner/../../owner/../..xx")).toBe(false);
  });

  it("refuses a token padded or wrapped in whitespace", () => {
    const token = randomToken();
    for (const made of [`${token}=`, ` ${token}`, `${token} `, `${token}\n`, `\t${token}`, `${token.slice(1)}\n`])
      expect([made, isLinkToken(made)]).toEqual([made, false]);
  });

  it("refuses what is not a string", () => {
    const token = randomToken();
    for (const value of [null, undefined, 43, [token], { token }, new String(token), Buffer.from(token)])
      expect(isLinkToken(value)).toBe(false);
  });

  it("stores a stable hash, different for every token, that is not the token", () => {
    const token = randomToken();
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).not.toContain(token);
    expect(hashToken(randomToken())).not.toBe(hashToken(token));
    expect(hashToken(`${token.slice(0, 42)}${token.endsWith("A") ? "B" : "A"}`)).not.toBe(hashToken(token));
  });

  it("answers a dead link with its status and the bare state, nothing else", () => {
    expect(deadLinkAnswer(UNKNOWN_LINK)).toMatchObject({ data: { state: "gone" }, init: { status: 404 } });
    expect(deadLinkAnswer(SPENT_LINK)).toMatchObject({ data: { state: "gone" }, init: { status: 410 } });
    expect(Object.keys(deadLinkAnswer(SPENT_LINK).data)).toEqual(["state"]);
  });

  it("looks a token up by its hash alone, and answers a malformed or unknown one as the unknown link", async () => {
    const token = randomToken();
    const seen: string[] = [];
    const lookUp = async (tokenHash: string) => {
      seen.push(tokenHash);
      return tokenHash === hashToken(token) ? { id: "row" } : undefined;
    };
    expect(await findByLinkToken(token, lookUp)).toEqual({ state: "found", token, record: { id: "row" } });
    expect(await findByLinkToken(randomToken(), lookUp)).toEqual(UNKNOWN_LINK);
    expect(await findByLinkToken("../../etc", lookUp)).toEqual(UNKNOWN_LINK);
    expect(await findByLinkToken(null, lookUp)).toEqual(UNKNOWN_LINK);
    expect(seen).toHaveLength(2);
    expect(seen).not.toContain(token);
  });
});
