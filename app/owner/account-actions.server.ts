/**
 * The Account page's actions on who and what can sign in (posted to /owner/account):
 * - `intent=link-device`: a one-time setup link, with its QR code, to add another device;
 * - `intent=invite-owner`, `email=…`: makes them an owner and emails them a setup link;
 * - `intent=remove-owner`, `email=…`: removes another owner (never yourself).
 * Each needs a sign-in within the last 10 minutes, as downloads do: a session found on an unlocked
 * phone, or stolen, must not be able to add a way in of its own or shut the owners out.
 * Anything else is not theirs: undefined, for the page's own action to handle.
 */
import type { Kysely } from "kysely";
import { data } from "react-router";
import { getEnv } from "~/infra/env.server";
import type { Database } from "~/infra/schema.server";
import { ACCOUNT_PATH, inviteOwner, linkAnotherDevice, removeOwnerAndTell } from "./account-changes.server";
import { INVITE_OWNER_INTENT, LINK_DEVICE_INTENT, REMOVE_OWNER_INTENT } from "./account-intents";
import { findOwnerById, normalizeEmail, SETUP_LINK_MINUTES } from "./owners.server";
import { relyingPartyFor } from "./passkeys.server";
import { signInPath } from "./paths";
import { qrDrawing, type QrDrawing } from "./qr-code.server";
import { signedInRecently, type DeskSession } from "./sessions.server";

export interface SetupLinkShown {
  url: string;
  expiresAt: string;
  qr: QrDrawing;
}

export interface AccountAnswer {
  ok: boolean;
  message: string;
  /** Where to confirm it's you, when the action needs a fresher sign-in. */
  signIn?: string;
  setupLink?: SetupLinkShown;
}

const answer = (status: number, body: AccountAnswer) => data(body, { status });

/** The answer to a change asked for with a sign-in older than 10 minutes. */
export function recentSignInNeeded(what: string) {
  return answer(403, {
    ok: false,
    message: `${what} needs a sign-in within the last 10 minutes. Confirm it's you, then try again.`,
    signIn: signInPath(ACCOUNT_PATH, true),
  });
}

/**
 * The origin a setup link starts with: the one the owner is using when passkeys work there (the
 * site's host, or localhost on their own machine), else the site's address.
 */
function linkOrigin(request: Request): string {
  return relyingPartyFor(request.url)?.origin ?? getEnv().siteUrl;
}

export async function accountAction(db: Kysely<Database>, session: DeskSession, form: FormData, request: Request) {
  const intent = form.get("intent");
  if (intent !== LINK_DEVICE_INTENT && intent !== INVITE_OWNER_INTENT && intent !== REMOVE_OWNER_INTENT)
    return undefined;
  if (!signedInRecently(session))
    return recentSignInNeeded(
      intent === LINK_DEVICE_INTENT
        ? "Adding a device"
        : intent === INVITE_OWNER_INTENT
          ? "Inviting an owner"
          : "Removing an owner",
    );
  const { siteUrl } = getEnv();
  const by = session.email;

  if (intent === LINK_DEVICE_INTENT) {
    const owner = await findOwnerById(db, session.ownerId);
    if (!owner) return answer(404, { ok: false, message: "Your account no longer exists." });
    const link = await linkAnotherDevice(db, owner, { by, origin: linkOrigin(request), siteUrl });
    return answer(201, {
      ok: true,
      message: `Open the link below on the other device, or scan the code with its camera. It works once, for ${SETUP_LINK_MINUTES} minutes.`,
      setupLink: { url: link.url, expiresAt: link.expiresAt.toISOString(), qr: qrDrawing(link.url) },
    });
  }

  const email = normalizeEmail(String(form.get("email") ?? "").slice(0, 300));
  if (!email) return answer(400, { ok: false, message: "Enter the email address of the person to invite." });

  if (intent === INVITE_OWNER_INTENT) {
    const result = await inviteOwner(db, email, { by, origin: linkOrigin(request), siteUrl, emailLink: true });
    if (result.status === "exists") return answer(409, { ok: false, message: `${email} is already an owner.` });
    if (result.status === "invalid-email")
      return answer(400, { ok: false, message: "Enter the email address of the person to invite." });
    return answer(201, {
      ok: true,
      message: `${email} is now an owner. Their setup link is on its way by email; it works once, for ${SETUP_LINK_MINUTES} minutes.`,
    });
  }

  if (email === session.email)
    return answer(400, {
      ok: false,
      message: "You cannot remove yourself. Another owner can, or the server's command line.",
    });
  const removed = await removeOwnerAndTell(db, email, { by, siteUrl });
  if (!removed) return answer(404, { ok: false, message: `${email} is not an owner.` });
  return { ok: true, message: `${email} is no longer an owner. Their sessions and devices have ended.` };
}
