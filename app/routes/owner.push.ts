/**
 * POST /owner/push: the owner's devices for Web Push.
 * - JSON `{ intent: "subscribe", subscription }` from the account page's "Notify me on this
 *   device": stores the browser's subscription (201), or says why not (4xx, JSON `error`).
 * - A form `intent=remove-device&device=<id>` from the account page's device list: removes one of
 *   the signed-in owner's devices and goes back to the account page.
 */
import { data, redirect } from "react-router";
import { addDevice, parseSubscription, removeDevice, SubscriptionError } from "~/alerts/subscriptions.server";
import { clientKey } from "~/infra/client-key.server";
import { getDatabase } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { log } from "~/infra/log.server";
import { consumeBudget } from "~/infra/rate-limit.server";
import { readSmallForm, readSmallJson } from "~/infra/uploads.server";
import { clientIpFrom } from "~/leads/request-context.server";
import { readSession, requireOwner } from "~/owner/sessions.server";
import type { Route } from "./+types/owner.push";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** A subscription is a few hundred bytes; anything near this is not one. */
const MAX_SUBSCRIBE_BYTES = 8 * 1024;

export function loader() {
  return Response.json({ error: "Send device requests with POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if ((request.headers.get("content-type") ?? "").includes("application/json")) return subscribe(request, context);
  return removeFromForm(request);
}

async function subscribe(request: Request, context: Route.ActionArgs["context"]) {
  const { db } = await getDatabase();
  const session = await readSession(db, request);
  if (!session) return Response.json({ error: "Sign in first." }, { status: 401 });
  const budget = await consumeBudget(
    { name: "owner-push-subscribe", points: 30, durationSeconds: 15 * 60 },
    clientKey(clientIpFrom(context)),
  );
  if (!budget.allowed)
    return Response.json(
      { error: "Too many attempts. Please wait a few minutes." },
      { status: 429, headers: { "Retry-After": String(budget.retryAfterSeconds) } },
    );
  const body = await readSmallJson(request, MAX_SUBSCRIBE_BYTES);
  if (!isObject(body) || body.intent !== "subscribe")
    return Response.json({ error: 'Send { "intent": "subscribe", "subscription": … } as JSON.' }, { status: 400 });
  try {
    const subscription = parseSubscription(body.subscription, getEnv().pushServiceHosts);
    const device = await addDevice(db, session.ownerId, subscription, request.headers.get("user-agent") ?? "");
    log("info", "push device added", {
      owner: session.ownerId,
      device: device.id,
      host: new URL(subscription.endpoint).host,
    });
    return Response.json(
      { ok: true, device: { id: device.id, deviceName: device.deviceName, createdAt: device.createdAt.toISOString() } },
      { status: 201 },
    );
  } catch (error) {
    if (!(error instanceof SubscriptionError)) throw error;
    log("info", "push subscription refused", { owner: session.ownerId, reason: error.message });
    return Response.json({ error: error.message }, { status: error.status });
  }
}

async function removeFromForm(request: Request) {
  const { db, session } = await requireOwner(request);
  const form = await readSmallForm(request);
  if (form.get("intent") !== "remove-device") return data({ error: "Unknown request." }, { status: 400 });
  const removed = await removeDevice(db, session.ownerId, String(form.get("device") ?? ""));
  if (!removed) return redirect("/owner/account?device=unknown", { status: 303 });
  return redirect("/owner/account?device=removed", { status: 303 });
}
