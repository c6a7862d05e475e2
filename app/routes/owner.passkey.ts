/**
 * POST /owner/passkey: the server's half of the passkey ceremonies, as JSON for the desk's pages.
 * Intents: sign-in-options, sign-in, register-options, register. Registering needs a live setup
 * link (`token`) or a signed-in owner adding another device.
 */
import { clientKey } from "~/infra/client-key.server";
import { getDatabase } from "~/infra/db.server";
import { consumeBudget } from "~/infra/rate-limit.server";
import { readSmallJson } from "~/infra/uploads.server";
import { clientIpFrom } from "~/leads/request-context.server";
import { recordAudit } from "~/owner/audit.server";
import { authenticationResponse, registrationResponse } from "~/owner/passkey-response";
import { findOwnerById, ownerOfSetupToken, spendSetupToken, type Owner } from "~/owner/owners.server";
import {
  authenticationOptions,
  PasskeyError,
  registerPasskey,
  registrationOptions,
  verifyPasskeySignIn,
} from "~/owner/passkeys.server";
import { safeNext } from "~/owner/paths";
import { readSession, startSession } from "~/owner/sessions.server";
import type { Route } from "./+types/owner.passkey";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

export function loader() {
  return Response.json({ error: "Send passkey requests with POST." }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!(request.headers.get("content-type") ?? "").includes("application/json"))
    return Response.json({ error: "Send JSON." }, { status: 415 });
  const body = await readSmallJson(request);
  if (body === undefined) return Response.json({ error: "The request could not be read." }, { status: 400 });
  if (!isObject(body) || typeof body.intent !== "string")
    return Response.json({ error: "Say what to do (intent)." }, { status: 400 });
  const { db } = await getDatabase();
  const client = clientKey(clientIpFrom(context));
  // Each ceremony stores a challenge: a bound on them keeps a script from filling the table.
  const budget = await consumeBudget({ name: "owner-passkey", points: 60, durationSeconds: 15 * 60 }, client);
  if (!budget.allowed)
    return Response.json(
      { error: "Too many attempts. Please wait a few minutes." },
      { status: 429, headers: { "Retry-After": String(budget.retryAfterSeconds) } },
    );

  try {
    switch (body.intent) {
      case "sign-in-options":
        return Response.json({ options: await authenticationOptions(db, request.url) });
      case "sign-in": {
        const answer = authenticationResponse.safeParse(body.response);
        if (!answer.success)
          return Response.json({ error: "The passkey's answer is missing or could not be read." }, { status: 400 });
        let owner: Owner;
        try {
          owner = await verifyPasskeySignIn(db, request.url, answer.data);
        } catch (error) {
          if (error instanceof PasskeyError)
            await recordAudit(db, { action: "sign-in-refused", detail: `passkey: ${error.message}`, client });
          throw error;
        }
        const cookie = await startSession(db, request, owner.id, "passkey");
        await recordAudit(db, { actor: owner.email, action: "signed-in", detail: "passkey", client });
        return Response.json(
          { ok: true, next: safeNext(typeof body.next === "string" ? body.next : null) },
          { headers: { "Set-Cookie": cookie } },
        );
      }
      case "register-options":
      case "register": {
        const token = typeof body.token === "string" ? body.token : undefined;
        const session = token ? undefined : await readSession(db, request);
        const owner = token
          ? await ownerOfSetupToken(db, token)
          : session && (await findOwnerById(db, session.ownerId));
        if (!owner)
          return Response.json(
            {
              error: token
                ? "This setup link has expired or was already used. Ask for a new one: npm run owner -- link <email>."
                : "Sign in first.",
            },
            { status: token ? 400 : 401 },
          );
        if (body.intent === "register-options")
          return Response.json({ options: await registrationOptions(db, request.url, owner) });
        const answer = registrationResponse.safeParse(body.response);
        if (!answer.success)
          return Response.json({ error: "The passkey's answer is missing or could not be read." }, { status: 400 });
        const deviceName = typeof body.deviceName === "string" ? body.deviceName : "";
        await registerPasskey(db, request.url, owner, answer.data, deviceName);
        if (!token) return Response.json({ ok: true, next: "/owner/account?added=1" });
        if (!(await spendSetupToken(db, token))) {
          await db.deleteFrom("owner_passkeys").where("id", "=", answer.data.id).execute();
          return Response.json(
            { error: "This setup link was used at the same moment elsewhere. Ask for a new one." },
            { status: 409 },
          );
        }
        const cookie = await startSession(db, request, owner.id, "passkey");
        await recordAudit(db, { actor: owner.email, action: "signed-in", detail: "new passkey", client });
        return Response.json({ ok: true, next: "/owner" }, { headers: { "Set-Cookie": cookie } });
      }
      default:
        return Response.json({ error: `Unknown intent "${body.intent.slice(0, 40)}".` }, { status: 400 });
    }
  } catch (error) {
    if (error instanceof PasskeyError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
