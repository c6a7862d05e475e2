/**
 * The Account page's actions on who and what can sign in (posted to /owner/account), as handlers
 * by intent for `dispatchIntent`:
 * - `intent=link-device`: a one-time setup link, with its QR code, to add another device;
 * - `intent=invite-owner`, `email=…`: makes them an owner and emails them a setup link;
 * - `intent=remove-owner`, `email=…`: removes another owner (never yourself);
 * - `intent=remove-passkey`, `passkey=…`: removes one of your passkeys (never the last).
 * Each needs a sign-in within the last 10 minutes, as downloads do: a session found on an unlocked
 * phone, or stolen, must not be able to add a way in of its own or shut the owners out.
 */
import { data } from "react-router";
import type { ChangeAnswer } from "~/forms/change-answer";
import { getEnv } from "~/settings/env.server";
import { ACCOUNT_PATH, inviteOwner, linkAnotherDevice, removeOwnerAndTell } from "./account-changes.server";
import { INVITE_OWNER_INTENT, LINK_DEVICE_INTENT, REMOVE_OWNER_INTENT, REMOVE_PASSKEY_INTENT } from "./account-intents";
import type { IntentForm } from "~/infra/intents.server";
import { findOwnerById, normalizeEmail, SETUP_LINK_MINUTES } from "./owners.server";
import { relyingPartyFor, removePasskey } from "./passkeys.server";
import { signInPath } from "./paths";
import { qrDrawing, type QrDrawing } from "./qr-code.server";
import { signedInRecently, type DeskSession, type SignedInOwner } from "./sessions.server";

export interface SetupLinkShown {
  url: string;
  expiresAt: string;
  qr: QrDrawing;
}

/**
 * The one answer of every desk form, with what only this page shows: where to confirm it's you,
 * and a device's setup link with its QR code. The link's token is in the answer alone, never in an
 * address: the page's own action answers, so it is not carried back in a query.
 */
export type AccountAnswer = ChangeAnswer & {
  /** Where to confirm it's you, when the action needs a fresher sign-in. */
  signIn?: string;
  setupLink?: SetupLinkShown;
};

export const accountDone = (intent: string, status: number, done: string, extra: { setupLink?: SetupLinkShown } = {}) =>
  data<AccountAnswer>({ ok: true, intent, done, ...extra }, { status });

export const accountRefused = (intent: string, status: number, message: string, extra: { signIn?: string } = {}) =>
  data<AccountAnswer>({ ok: false, intent, errors: { form: message }, values: {}, ...extra }, { status });

/** The answer to a change asked for with a sign-in older than 10 minutes. */
export function recentSignInNeeded(intent: string, what: string) {
  return accountRefused(
    intent,
    403,
    `${what} needs a sign-in within the last 10 minutes. Confirm it's you, then try again.`,
    { signIn: signInPath(ACCOUNT_PATH, true) },
  );
}

/**
 * The origin a setup link starts with: the one the owner is using when passkeys work there (the
 * site's host, or localhost on their own machine), else the site's address.
 */
function linkOrigin(request: Request): string {
  return relyingPartyFor(request.url)?.origin ?? getEnv().siteUrl;
}

/** `change`, when the session's sign-in is recent enough for it; else the way to confirm it's you. */
export function whenSignedInRecently<T>(session: DeskSession, intent: string, what: string, change: () => Promise<T>) {
  return signedInRecently(session) ? change() : Promise.resolve(recentSignInNeeded(intent, what));
}

/** The handlers of the Account page's intents on owners, setup links and passkeys. */
export function accountIntents({ db, session, actor }: SignedInOwner, form: IntentForm, request: Request) {
  const { siteUrl } = getEnv();
  const email = () => normalizeEmail(String(form.get("email") ?? "").slice(0, 300));
  const noEmail = (intent: string) => accountRefused(intent, 400, "Enter the email address of the person to invite.");
  return {
    [LINK_DEVICE_INTENT]: (intent: string) =>
      whenSignedInRecently(session, intent, "Adding a device", async () => {
        const owner = await findOwnerById(db, session.ownerId);
        if (!owner) return accountRefused(intent, 404, "Your account no longer exists.");
        const link = await linkAnotherDevice(db, owner, { by: actor, origin: linkOrigin(request), siteUrl });
        return accountDone(
          intent,
          201,
          `Open the link below on the other device, or scan the code with its camera. It works once, for ${SETUP_LINK_MINUTES} minutes.`,
          { setupLink: { url: link.url, expiresAt: link.expiresAt.toISOString(), qr: qrDrawing(link.url) } },
        );
      }),
    [INVITE_OWNER_INTENT]: (intent: string) =>
      whenSignedInRecently(session, intent, "Inviting an owner", async () => {
        const invitee = email();
        if (!invitee) return noEmail(intent);
        const result = await inviteOwner(db, invitee, {
          by: actor,
          origin: linkOrigin(request),
          siteUrl,
          emailLink: true,
        });
        if (result.status === "exists") return accountRefused(intent, 409, `${invitee} is already an owner.`);
        if (result.status === "invalid-email") return noEmail(intent);
        return accountDone(
          intent,
          201,
          `${invitee} is now an owner. Their setup link is on its way by email; it works once, for ${SETUP_LINK_MINUTES} minutes.`,
        );
      }),
    [REMOVE_OWNER_INTENT]: (intent: string) =>
      whenSignedInRecently(session, intent, "Removing an owner", async () => {
        const leaving = email();
        if (!leaving) return noEmail(intent);
        if (leaving === session.email)
          return accountRefused(
            intent,
            400,
            "You cannot remove yourself. Another owner can, or the server's command line.",
          );
        const removed = await removeOwnerAndTell(db, leaving, { by: actor, siteUrl });
        if (!removed) return accountRefused(intent, 404, `${leaving} is not an owner.`);
        return accountDone(intent, 200, `${leaving} is no longer an owner. Their sessions and devices have ended.`);
      }),
    [REMOVE_PASSKEY_INTENT]: (intent: string) =>
      whenSignedInRecently(session, intent, "Removing a passkey", async () => {
        const result = await removePasskey(db, session.ownerId, actor, String(form.get("passkey") ?? ""));
        if (result === "removed") return accountDone(intent, 200, "Passkey removed.");
        if (result === "last")
          return accountRefused(
            intent,
            400,
            "This is your only passkey. Add another device first, so you can still sign in.",
          );
        return accountRefused(intent, 404, "That passkey is not yours or no longer exists.");
      }),
  };
}
