import { describe, expect, it } from "vitest";
import { isMessageTooLargeError, isPermanentMailError, MAX_RETRY_DELAY_MS, retryDelayMs } from "./mail-worker.server";

describe("mail retries", () => {
  it("waits the base delay after the first failure, doubling up to six hours", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(15, 30_000)).toBe(MAX_RETRY_DELAY_MS);
    expect(retryDelayMs(10_000, 30_000)).toBe(MAX_RETRY_DELAY_MS);
    expect(MAX_RETRY_DELAY_MS).toBe(6 * 60 * 60 * 1000);
  });

  it("gives up only on permanent refusals", () => {
    const smtp = (responseCode: number, code = "EENVELOPE") =>
      Object.assign(new Error("refused"), { responseCode, code });
    expect(isPermanentMailError(smtp(550))).toBe(true);
    expect(isPermanentMailError(smtp(554, "EMESSAGE"))).toBe(true);
    expect(isPermanentMailError(smtp(451))).toBe(false);
    expect(isPermanentMailError(smtp(421, "ECONNECTION"))).toBe(false);
    // a wrong SMTP password is the operator's to fix; the mail should go once it is
    expect(isPermanentMailError(smtp(535, "EAUTH"))).toBe(false);
    expect(isPermanentMailError(Object.assign(new Error("refused"), { code: "ECONNREFUSED" }))).toBe(false);
    expect(isPermanentMailError(new Error("timeout"))).toBe(false);
  });

  it("recognises a refusal for size, and only that, as a reason to send without attachments", () => {
    const smtp = (response: string, code = "EMESSAGE") =>
      Object.assign(new Error(`Message failed: ${response}`), {
        code,
        response,
        responseCode: Number(response.slice(0, 3)),
      });
    expect(isMessageTooLargeError(smtp("552 Message size exceeds fixed maximum message size"))).toBe(true);
    expect(isMessageTooLargeError(smtp("552-5.3.4 Message too big for system\n552 5.3.4 see the limits"))).toBe(true);
    // some servers answer 554 with the enhanced status that says "too big"
    expect(isMessageTooLargeError(smtp("554 5.3.4 Message too big for system"))).toBe(true);
    // nodemailer refusing before DATA because the server announced a smaller SIZE
    expect(
      isMessageTooLargeError(Object.assign(new Error("Message size larger than allowed 1000"), { code: "EMESSAGE" })),
    ).toBe(true);
    expect(isMessageTooLargeError(smtp("550 5.1.1 No such user", "EENVELOPE"))).toBe(false);
    expect(isMessageTooLargeError(smtp("554 5.7.1 Message rejected as spam"))).toBe(false);
    expect(isMessageTooLargeError(smtp("452 4.3.1 Insufficient system storage"))).toBe(false);
    expect(isMessageTooLargeError(Object.assign(new Error("Empty message"), { code: "EMESSAGE" }))).toBe(false);
    expect(isMessageTooLargeError(new Error("timeout"))).toBe(false);
  });
});
