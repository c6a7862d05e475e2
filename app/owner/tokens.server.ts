/** Random secrets handed to a browser or a person, and the only form in which they are stored. */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** 32 random bytes, base64url: unguessable, and safe in a cookie or a URL. */
export function randomToken(): string {
  return randomBytes(32).toString("base64url");
}

/** A stolen copy of the database must not hold live sessions or links: only this is stored. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export function equalHashes(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
