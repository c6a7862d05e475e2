/**
 * The passkey answers a browser posts, checked for shape before SimpleWebAuthn verifies what they
 * sign. A malformed answer is refused here with a 400 and a message, instead of being handed to the
 * library as the type it claims to be and failing somewhere inside it.
 */
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import { z } from "zod";

// Binary fields travel as unpadded base64url; 16 KB is far above any authenticator's output.
const base64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+$/);

const credential = {
  id: base64url,
  rawId: base64url,
  authenticatorAttachment: z.enum(["cross-platform", "platform"]).optional(),
  // Only the extension results the server could read; any other is dropped, not refused.
  clientExtensionResults: z.object({
    appid: z.boolean().optional(),
    credProps: z.object({ rk: z.boolean().optional() }).optional(),
    hmacCreateSecret: z.boolean().optional(),
  }),
  type: z.literal("public-key"),
};

export const authenticationResponse = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
}) satisfies z.ZodType<AuthenticationResponseJSON>;

export const registrationResponse = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: z.array(z.string().max(32)).max(16).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
}) satisfies z.ZodType<RegistrationResponseJSON>;
