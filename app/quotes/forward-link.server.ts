/**
 * When a sent quote is changed, its old link must say so and lead to the new version, yet the
 * database keeps no token in a form that opens a link. So each version's token also seeds an
 * X25519 key pair; only the public half is stored. The new version's link is sealed to it (an
 * ephemeral key agreement, then AES-256-GCM), and only someone holding the old link can open it.
 */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createPrivateKey,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from "node:crypto";

// The fixed DER header of a PKCS#8 X25519 private key, before its 32 bytes.
const PKCS8_X25519 = Buffer.from("302e020100300506032b656e04220420", "hex");

function privateKeyOf(token: string): KeyObject {
  const seed = createHash("sha256").update(`quote-forward:${token}`).digest();
  return createPrivateKey({ key: Buffer.concat([PKCS8_X25519, seed]), format: "der", type: "pkcs8" });
}

const spki = (key: KeyObject) => key.export({ type: "spki", format: "der" });

/** The public key stored with a version whose link is `token`. */
export function forwardKeyOf(token: string): string {
  return spki(createPublicKey(privateKeyOf(token))).toString("base64url");
}

function keyFor(shared: Buffer, ephemeral: Buffer): Buffer {
  return createHash("sha256").update(shared).update(ephemeral).digest();
}

/** Seals `nextToken` so that only the holder of the token behind `forwardKey` can read it. */
export function sealForward(forwardKey: string, nextToken: string): string {
  const recipient = createPublicKey({ key: Buffer.from(forwardKey, "base64url"), format: "der", type: "spki" });
  const ephemeral = generateKeyPairSync("x25519");
  const ephemeralPublic = spki(ephemeral.publicKey);
  const key = keyFor(diffieHellman({ privateKey: ephemeral.privateKey, publicKey: recipient }), ephemeralPublic);
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const sealed = Buffer.concat([cipher.update(nextToken, "utf8"), cipher.final()]);
  return [ephemeralPublic, iv, cipher.getAuthTag(), sealed].map((part) => part.toString("base64url")).join(".");
}

/** The next version's token, opened with this version's own; undefined when it does not open. */
export function openForward(token: string, sealedText: string): string | undefined {
  const [ephemeralText, ivText, tagText, bodyText] = sealedText.split(".");
  if (!ephemeralText || !ivText || !tagText || bodyText === undefined) return undefined;
  try {
    const ephemeralPublic = Buffer.from(ephemeralText, "base64url");
    const publicKey = createPublicKey({ key: ephemeralPublic, format: "der", type: "spki" });
    const key = keyFor(diffieHellman({ privateKey: privateKeyOf(token), publicKey }), ephemeralPublic);
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(ivText, "base64url"));
    decipher.setAuthTag(Buffer.from(tagText, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(bodyText, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}
