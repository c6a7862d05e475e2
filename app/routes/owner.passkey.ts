/**
 * POST /owner/passkey: the server's half of the passkey ceremonies, as JSON for the desk's pages.
 * Intents: sign-in-options, sign-in, register-options, register. Registering needs a live setup
 * link (`token`), or an owner who signed in within the last 10 minutes adding this device. The
 * posts a client may send here are counted with the sign-in page's (`owner-sign-in` in
 * `route-registry.ts`), so a script cannot fill the table of challenges. One form posts here too:
 * the Account page's "Add passkey" pressed before the page's script ran (`addedWithoutScript`).
 */
import { clientKey } from "~/infra/client-key.server";
import { getDatabase } from "~/infra/db.server";
import { readSmallForm, readSmallJson } from "~/infra/uploads.server";
import { answerFormsPost, answerRefused } from "~/infra/page-post.server";
import { clientIpFrom } from "~/infra/request-context.server";
import { dispatchIntent, type IntentForm, type IntentHandlers } from "~/infra/intents.server";
import { authenticationResponse, registrationResponse } from "~/owner/passkey-response";
import { findOwnerById, ownerOfSetupToken, type Owner } from "~/owner/owners.server";
import { deviceNameError } from "~/owner/passkey-client";
import {
  authenticationOptions,
  PasskeyError,
  registerPasskey,
  registrationOptions,
  verifyPasskeySignIn,
} from "~/owner/passkeys.server";
import { ACCOUNT_PATH } from "~/owner/account-changes.server";
import { safeNext, signInPath } from "~/owner/paths";
import { ADD_PASSKEY_FORMS, ADD_PASSKEY_INTENT, DEVICE_NAME_MAX } from "~/owner/account-intents";
import { readSession, refuseSignIn, requireOwner, signedInRecently, signIn } from "~/owner/sessions.server";
import type { Route } from "./+types/owner.passkey";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

type PasskeyIntent = "sign-in-options" | "sign-in" | "register-options" | "register";

/** The JSON body as a form: its fields read by name, as every desk action's are. */
const jsonForm = (body: Record<string, unknown>): IntentForm => ({ get: (name) => body[name] });

export function loader() {
  return Response.json({ error: "Send passkey requests with POST." }, { status: 405, headers: { Allow: "POST" } });
}

/** A form as a browser posts it without a script, rather than the script's JSON. */
const isFormPost = (contentType: string) =>
  contentType.startsWith("application/x-www-form-urlencoded") || contentType.startsWith("multipart/form-data");

/**
 * The Account page's "Add passkey" pressed before the page's script ran (a slow phone, JavaScript
 * off): the browser posts the form itself. The passkey is made by the script with the device, so
 * nothing is added; the owner is sent back to the Account page with the answer that says so, and
 * the name they typed, as /owner/setup answers its own button pressed early. A stranger is sent to
 * sign in, as on every desk page.
 */
async function addedWithoutScript(request: Request, context: unknown) {
  await requireOwner(request, context);
  const form = await readSmallForm(request);
  const answered = await dispatchIntent(form, {
    [ADD_PASSKEY_INTENT]: (intent) =>
      // 400: the post lacks what adding one needs, the passkey the script makes with the device.
      answerRefused(
        intent,
        400,
        {
          form:
            "No passkey was added: the page had not finished loading, and its script adds the passkey. Wait a " +
            "moment and press Add passkey again. If this message comes back, JavaScript is off in this browser: " +
            "turn it on to add a passkey.",
        },
        { deviceName: String(form.get("deviceName") ?? "").slice(0, DEVICE_NAME_MAX) },
      ),
  });
  return answerFormsPost(request, answered, ACCOUNT_PATH, ADD_PASSKEY_FORMS);
}

export async function action({ request, context }: Route.ActionArgs) {
  const contentType = (request.headers.get("content-type") ?? "").toLowerCase();
  if (isFormPost(contentType)) return addedWithoutScript(request, context);
  if (!contentType.includes("application/json")) return Response.json({ error: "Send JSON." }, { status: 415 });
  const body = await readSmallJson(request);
  if (body === undefined) return Response.json({ error: "The request could not be read." }, { status: 400 });
  if (!isObject(body) || typeof body.intent !== "string")
    return Response.json({ error: "Say what to do (intent)." }, { status: 400 });
  const { db } = await getDatabase();
  const client = clientKey(clientIpFrom(context));

  const register = async (intent: "register-options" | "register") => {
    const token = typeof body.token === "string" ? body.token : undefined;
    const session = token ? undefined : await readSession(db, request);
    const owner = token ? await ownerOfSetupToken(db, token) : session && (await findOwnerById(db, session.ownerId));
    if (!owner)
      return Response.json(
        {
          error: token
            ? "This setup link has expired or was already used. Ask an owner for a new one from the desk's Account page."
            : "Sign in first.",
        },
        { status: token ? 400 : 401 },
      );
    // A stolen session, however old, must not be able to add a way in of its own that would
    // outlive it and "Sign out everywhere".
    if (session && !signedInRecently(session))
      return Response.json(
        {
          error:
            "Adding a passkey needs a sign-in within the last 10 minutes. Confirm it's you on the sign-in page, then add it.",
          signIn: signInPath(ACCOUNT_PATH, true),
        },
        { status: 403 },
      );
    // Asked before the options too, so a name that cannot be kept is refused before the prompt.
    const deviceName = typeof body.deviceName === "string" ? body.deviceName : "";
    const nameError = deviceNameError(deviceName);
    if (nameError) return Response.json({ error: nameError }, { status: 400 });
    if (intent === "register-options")
      return Response.json({ options: await registrationOptions(db, request.url, owner) });
    const answer = registrationResponse.safeParse(body.response);
    if (!answer.success)
      return Response.json({ error: "The passkey's answer is missing or could not be read." }, { status: 400 });
    await registerPasskey(db, request.url, owner, answer.data, deviceName, { setupToken: token });
    if (!token) return Response.json({ ok: true, next: `${ACCOUNT_PATH}?added=1` });
    const cookie = await signIn(db, request, owner, "passkey", "new passkey", client);
    return Response.json({ ok: true, next: "/owner" }, { headers: { "Set-Cookie": cookie } });
  };
  const handlers: IntentHandlers<Record<PasskeyIntent, Response>> = {
    "sign-in-options": async () => Response.json({ options: await authenticationOptions(db, request.url) }),
    "sign-in": async () => {
      const answer = authenticationResponse.safeParse(body.response);
      if (!answer.success)
        return Response.json({ error: "The passkey's answer is missing or could not be read." }, { status: 400 });
      let owner: Owner;
      try {
        owner = await verifyPasskeySignIn(db, request.url, answer.data);
      } catch (error) {
        if (error instanceof PasskeyError) await refuseSignIn(db, `passkey: ${error.message}`, client);
        throw error;
      }
      const cookie = await signIn(db, request, owner, "passkey", "passkey", client);
      return Response.json(
        { ok: true, next: safeNext(typeof body.next === "string" ? body.next : null) },
        { headers: { "Set-Cookie": cookie } },
      );
    },
    "register-options": register,
    register,
  };
  // The page's script reads its refusals as JSON: an unknown intent is answered so too, before
  // the dispatch would refuse it as a page's form.
  if (!Object.hasOwn(handlers, body.intent))
    return Response.json({ error: `Unknown intent "${body.intent.slice(0, 40)}".` }, { status: 400 });

  try {
    return await dispatchIntent(jsonForm(body), handlers);
  } catch (error) {
    if (error instanceof PasskeyError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
}
