/**
 * The account page's actions on the devices notified of new leads (posted to /owner/account, so
 * the desk gains no route and the route table every public page loads stays as it was), as
 * handlers by intent for `dispatchIntent`:
 * - `intent=subscribe-device`, `subscription=<the browser's PushSubscription as JSON>`: from
 *   "Notify me on this device"; stores the device, or says why not with a 4xx. Only with a
 *   sign-in within the last 10 minutes: a stolen session must not route every new lead to a
 *   device of its own.
 * - `intent=remove-device`, `device=<id>`: removes one of the signed-in owner's devices, also only
 *   with a recent sign-in: a stolen session must not be able to silence the owner's own phone.
 */
import { getEnv } from "~/settings/env.server";
import { log } from "~/infra/log.server";
import { consumeBudget } from "~/infra/rate-limit.server";
import { accountDone, accountRefused, whenSignedInRecently } from "~/owner/account-actions.server";
import type { IntentForm } from "~/infra/intents.server";
import type { SignedInOwner } from "~/owner/sessions.server";
import { REMOVE_INTENT, SUBSCRIBE_INTENT } from "./device-intents";
import { addDevice, parseSubscription, removeDevice, SubscriptionError } from "./subscriptions.server";

/** A subscription is a few hundred bytes; anything near this is not one. */
const MAX_SUBSCRIPTION_CHARS = 8 * 1024;

/** The handlers of the Account page's intents on notified devices. */
export function deviceIntents({ db, session, actor }: SignedInOwner, form: IntentForm, request: Request) {
  return {
    [REMOVE_INTENT]: (intent: string) =>
      whenSignedInRecently(session, intent, "Removing a device", async () => {
        const removed = await removeDevice(db, session.ownerId, String(form.get("device") ?? ""));
        if (!removed) return accountRefused(intent, 404, "That device is not yours or was already removed.");
        return accountDone(intent, 200, "Device removed: it gets no more alerts.");
      }),
    [SUBSCRIBE_INTENT]: (intent: string) =>
      whenSignedInRecently(session, intent, "Adding a device for notifications", async () => {
        const budget = await consumeBudget(
          { name: "owner-push-subscribe", points: 30, durationSeconds: 15 * 60 },
          actor.client ?? "unknown",
        );
        if (!budget.allowed) return accountRefused(intent, 429, "Too many attempts. Please wait a few minutes.");
        const raw = String(form.get("subscription") ?? "");
        if (raw.length > MAX_SUBSCRIPTION_CHARS)
          return accountRefused(intent, 413, "The subscription is too large to be a real one.");
        let value: unknown;
        try {
          value = JSON.parse(raw);
        } catch {
          return accountRefused(
            intent,
            400,
            "The subscription could not be read: send the browser's subscription as JSON.",
          );
        }
        try {
          const subscription = parseSubscription(value, getEnv().pushServiceHosts);
          const device = await addDevice(db, session.ownerId, subscription, request.headers.get("user-agent") ?? "");
          log("info", "push device added", { device: device.id, host: new URL(subscription.endpoint).host });
          return accountDone(intent, 201, "This device will be notified of new leads.");
        } catch (error) {
          if (!(error instanceof SubscriptionError)) throw error;
          log("info", "push subscription refused", { reason: error.message });
          return accountRefused(intent, error.status, error.message);
        }
      }),
  };
}
