import { describe, expect, it } from "vitest";
import { authenticationResponse, registrationResponse } from "./passkey-response";

const signIn = {
  id: "AbC-_09",
  rawId: "AbC-_09",
  type: "public-key",
  authenticatorAttachment: "platform",
  clientExtensionResults: {},
  response: {
    clientDataJSON: "eyJ0eXBlIjoi",
    authenticatorData: "SZYN5YgO",
    signature: "MEUCIQ",
    userHandle: "dXNlcg",
  },
};

const registration = {
  id: "AbC-_09",
  rawId: "AbC-_09",
  type: "public-key",
  clientExtensionResults: { credProps: { rk: true } },
  response: { clientDataJSON: "eyJ0eXBlIjoi", attestationObject: "o2NmbXRk", transports: ["internal", "hybrid"] },
};

describe("passkey answers", () => {
  it("takes a browser's sign-in and registration answers as they are sent", () => {
    expect(authenticationResponse.parse(signIn)).toEqual(signIn);
    expect(registrationResponse.parse(registration)).toEqual(registration);
  });

  it("drops extension results the server does not read instead of refusing the answer", () => {
    const parsed = authenticationResponse.parse({ ...signIn, clientExtensionResults: { somethingNew: 1 } });
    expect(parsed.clientExtensionResults).toEqual({});
  });

  it.each([
    ["another credential type", { ...signIn, type: "password" }],
    ["no signature", { ...signIn, response: { ...signIn.response, signature: undefined } }],
    ["a field that is not base64url", { ...signIn, id: "not base64url!" }],
    ["an empty id", { ...signIn, id: "" }],
    ["a field of 20 KB", { ...signIn, response: { ...signIn.response, signature: "A".repeat(20_000) } }],
    ["an answer that is a string", "AbC-_09"],
  ])("refuses a sign-in answer with %s", (_, answer) => {
    expect(authenticationResponse.safeParse(answer).success).toBe(false);
  });

  it("refuses a registration answer without its attestation, or with a sign-in's fields only", () => {
    expect(registrationResponse.safeParse({ ...registration, response: { clientDataJSON: "eyJ0" } }).success).toBe(
      false,
    );
    expect(registrationResponse.safeParse(signIn).success).toBe(false);
  });
});
