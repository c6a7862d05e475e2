/**
 * /owner/sign-in: a passkey first; an emailed 6-digit code when no passkey is at hand. The code
 * half works without JavaScript. `?again=1` asks a signed-in owner to prove it is still them
 * (before a download of everyone's details, or a change to who and what can sign in).
 *
 * Asking for a code and signing in with it are two forms, so the Enter key does what its field
 * says: a form's Enter presses its first button, and one form with both would send a new code
 * from the code field.
 */
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { profile } from "~/content/profile";
import { clientKey } from "~/infra/client-key.server";
import { getDatabase } from "~/infra/db.server";
import { clientIpFrom } from "~/infra/request-context.server";
import { inputClass, labelClass, Notice, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { dispatchIntent } from "~/infra/intents.server";
import { signInWithPasskey } from "~/owner/passkey-client";
import { relyingPartyFor } from "~/owner/passkeys.server";
import { safeNext } from "~/owner/paths";
import { readSession, signIn } from "~/owner/sessions.server";
import { CODE_MINUTES, requestSignInCode, verifySignInCode } from "~/owner/sign-in-codes.server";
import type { Route } from "./+types/owner.sign-in";
import { readSmallForm } from "~/infra/uploads.server";

export const meta: Route.MetaFunction = () => [
  { title: `Sign in | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const next = safeNext(url.searchParams.get("next"));
  const again = url.searchParams.get("again") === "1";
  const { db } = await getDatabase();
  if (!again && (await readSession(db, request))) throw redirect(next);
  return { next, again, passkeysHere: relyingPartyFor(request.url) !== undefined };
}

type ActionState = { stage: "email" | "code"; email: string; error?: string; notice?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  const email = String(form.get("email") ?? "").slice(0, 300);
  const next = safeNext(String(form.get("next") ?? ""));
  const client = clientKey(clientIpFrom(context));
  const { db } = await getDatabase();
  return dispatchIntent(form, {
    "send-code": async () => {
      const result = await requestSignInCode(db, email, client);
      if (result.status === "invalid-email")
        return data<ActionState>(
          { stage: "email", email, error: "Enter the email address you were added with." },
          { status: 400 },
        );
      if (result.status === "too-many")
        return data<ActionState>(
          {
            stage: "code",
            email,
            error: `Too many codes asked for. Please wait ${minutesText(result.retryAfterSeconds)}, or use your passkey.`,
          },
          { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
        );
      return data<ActionState>({
        stage: "code",
        email,
        notice: `If ${email.trim()} belongs to an owner, a code is on its way. It works once, for ${CODE_MINUTES} minutes.`,
      });
    },
    "verify-code": async () => {
      const result = await verifySignInCode(db, email, String(form.get("code") ?? "").slice(0, 20), client);
      if (result.status === "ok") {
        const cookie = await signIn(db, request, result.owner, "code", "emailed code", client);
        return redirect(next, { headers: { "Set-Cookie": cookie } });
      }
      if (result.status === "locked")
        return data<ActionState>(
          {
            stage: "code",
            email,
            error: `Too many wrong codes for this address. Please wait ${minutesText(result.retryAfterSeconds)}, then ask for a new code, or use your passkey.`,
          },
          { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
        );
      const error =
        result.status === "invalid-input"
          ? "Enter the 6-digit code from the email."
          : "That code is not right, or has expired. Only the latest email's code works; check it, or ask for a new code.";
      return data<ActionState>({ stage: "code", email, error }, { status: 400 });
    },
  });
}

function minutesText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const { next, again, passkeysHere } = loaderData;
  const state = actionData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [passkeyError, setPasskeyError] = useState<string>();
  const [passkeyBusy, setPasskeyBusy] = useState(false);

  const onPasskey = async () => {
    setPasskeyBusy(true);
    setPasskeyError(undefined);
    const result = await signInWithPasskey(next);
    if (result.ok) window.location.assign(result.next ?? "/owner");
    else {
      setPasskeyError(result.error);
      setPasskeyBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold text-navy-900">{again ? "Confirm it's you" : "Sign in to the lead desk"}</h1>
      {again ? (
        <p className="mt-2">
          Downloads hold everyone's details, and new passkeys, devices and owners decide who can get in, so the desk
          asks again when your last sign-in was more than 10 minutes ago.
        </p>
      ) : null}
      {passkeysHere ? (
        <section aria-labelledby="with-passkey" className="mt-5">
          <h2 id="with-passkey" className="sr-only">
            With a passkey
          </h2>
          <button type="button" onClick={onPasskey} disabled={passkeyBusy} className={`${primaryButton} w-full`}>
            {passkeyBusy ? "Waiting for your passkey…" : "Sign in with a passkey"}
          </button>
          {passkeyError ? <Notice tone="error">{passkeyError}</Notice> : null}
        </section>
      ) : (
        <Notice tone="error">
          Passkeys work only at {profile.siteUrl.replace(/^https?:\/\//, "")}. Use an emailed code here.
        </Notice>
      )}
      <section aria-labelledby="with-code" className="mt-8 border-t border-slate-300 pt-5">
        <h2 id="with-code" className="text-lg font-bold text-navy-900">
          No passkey on this device?
        </h2>
        {state?.error ? <Notice tone="error">{state.error}</Notice> : null}
        {state?.notice ? <Notice tone="ok">{state.notice}</Notice> : null}
        <Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="next" value={next} />
          <input type="hidden" name="intent" value="send-code" />
          <div>
            <label htmlFor="sign-in-email" className={labelClass}>
              Email
            </label>
            <input
              id="sign-in-email"
              name="email"
              type="email"
              autoComplete="username"
              required
              defaultValue={state?.email}
              className={inputClass}
            />
          </div>
          <button type="submit" disabled={busy} className={`${secondaryButton} w-full`}>
            Email me a sign-in code
          </button>
        </Form>
        {state?.stage === "code" ? (
          <Form method="post" className="mt-4 space-y-4">
            <input type="hidden" name="next" value={next} />
            <input type="hidden" name="intent" value="verify-code" />
            {/* The code was sent for this address; editing the field above asks for another. */}
            <input type="hidden" name="email" value={state.email} />
            <div>
              <label htmlFor="sign-in-code" className={labelClass}>
                Sign-in code
              </label>
              <input
                id="sign-in-code"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                enterKeyHint="go"
                pattern="[0-9 ]*"
                maxLength={7}
                required
                autoFocus
                className={inputClass}
                aria-describedby="sign-in-code-hint"
              />
              <p id="sign-in-code-hint" className="mt-1 text-sm text-slate-700">
                The 6 digits from the latest email.
              </p>
            </div>
            <button type="submit" disabled={busy} className={`${primaryButton} w-full`}>
              Sign in with the code
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  );
}
