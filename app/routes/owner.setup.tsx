/**
 * /owner/setup?token=…: the one-time link an owner makes on the Account page (for another device,
 * or emailed to an invited owner), or `npm run owner -- add|link` prints. Opening it changes
 * nothing; the button makes a passkey on this device and signs in.
 *
 * The page paints before its script arrives, and a new owner on a slow phone may press the button
 * then. The form therefore posts back to this same link, token and all, and the answer says the
 * script is needed and shows the page again: the link is only spent when a passkey is made.
 */
import { useState } from "react";
import { data } from "react-router";
import { profile } from "~/content/profile";
import { getDatabase } from "~/infra/db.server";
import { dispatchIntent } from "~/infra/intents.server";
import { tokenLinkHeaders } from "~/infra/link-token.server";
import { readSmallForm } from "~/infra/uploads.server";
import { inputClass, labelClass, Notice, primaryButton } from "~/owner/desk-frame";
import { guessDeviceName, registerPasskey } from "~/owner/passkey-client";
import { relyingPartyFor } from "~/owner/passkeys.server";
import { ownerOfSetupToken } from "~/owner/owners.server";
import type { Route } from "./+types/owner.setup";

export const meta: Route.MetaFunction = () => [
  { title: `Set up a passkey | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

// The token is in this page's address: no request the page makes may carry it on as a Referer. Not
// `no-referrer`: the form posted without the script would then say `Origin: null`, and the server
// refuses that post as another site's.
export const headers: Route.HeadersFunction = tokenLinkHeaders;

const CREATE_PASSKEY_INTENT = "create-passkey";
const DEVICE_NAME_MAX = 60;

/** The answer to the button pressed before the page's script ran: the name typed, to show again. */
type SetupAnswer = { scriptNeeded: true; deviceName: string };

/**
 * The passkey itself goes to /owner/passkey from the page's script. A post here is the button pressed
 * without it: nothing is made and the token is not touched, so the same link works once the script
 * runs (or in another browser).
 */
export async function action({ request }: Route.ActionArgs) {
  const form = await readSmallForm(request);
  return dispatchIntent(form, {
    [CREATE_PASSKEY_INTENT]: () =>
      data<SetupAnswer>({
        scriptNeeded: true,
        deviceName: String(form.get("deviceName") ?? "").slice(0, DEVICE_NAME_MAX),
      }),
  });
}

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  const { db } = await getDatabase();
  const owner = await ownerOfSetupToken(db, token);
  return {
    token: owner ? token : "",
    email: owner?.email ?? null,
    passkeysHere: relyingPartyFor(request.url) !== undefined,
    deviceName: guessDeviceName(request.headers.get("user-agent") ?? ""),
  };
}

export default function Setup({ loaderData, actionData }: Route.ComponentProps) {
  const { token, email, passkeysHere, deviceName } = loaderData;
  const answer: SetupAnswer | undefined = actionData;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  if (!email)
    return (
      <div className="mx-auto max-w-md">
        <h1 className="text-2xl font-bold text-navy-900">This setup link does not work</h1>
        <p className="mt-3">
          It has expired (links work for 30 minutes), or it was already used. Make a new one on the desk&apos;s Account
          page (Add another device), or ask another owner to invite you again.
        </p>
        <p className="mt-4">
          <a href="/owner/sign-in" className="inline-flex min-h-11 items-center font-semibold text-sea-600 underline">
            Sign in another way
          </a>
        </p>
      </div>
    );
  return (
    <div className="mx-auto max-w-md">
      <h1 className="text-2xl font-bold text-navy-900">Set up a passkey</h1>
      <p className="mt-3">
        For <strong>{email}</strong>. A passkey lets this device sign you in to the lead desk with your fingerprint,
        face or screen lock. No password to remember.
      </p>
      {!passkeysHere ? (
        <Notice tone="error">
          Passkeys work only at {profile.siteUrl.replace(/^https?:\/\//, "")}. Open the link there.
        </Notice>
      ) : null}
      {answer?.scriptNeeded ? (
        <Notice tone="error">
          No passkey was made: the page had not finished loading, and its script makes the passkey. Wait a moment and
          press the button again. If this message comes back, JavaScript is off in this browser: turn it on, or open the
          link in another browser. This link still works.
        </Notice>
      ) : null}
      {/* Without the script the button posts back to this same link, token and all. A form's
          default, a GET of the page's address carrying only the form's fields, would drop the
          token, and the page would then say the link does not work. */}
      <form
        method="post"
        action={`/owner/setup?token=${encodeURIComponent(token)}`}
        className="mt-5 space-y-4"
        onSubmit={async (event) => {
          event.preventDefault();
          setBusy(true);
          setError(undefined);
          const name = String(new FormData(event.currentTarget).get("deviceName") ?? "");
          const result = await registerPasskey(name, token);
          if (result.ok) window.location.assign(result.next ?? "/owner");
          else {
            setError(result.error);
            setBusy(false);
          }
        }}
      >
        <input type="hidden" name="intent" value={CREATE_PASSKEY_INTENT} />
        <div>
          <label htmlFor="device-name" className={labelClass}>
            Name for this device
          </label>
          <input
            id="device-name"
            name="deviceName"
            defaultValue={answer?.deviceName ?? deviceName}
            maxLength={DEVICE_NAME_MAX}
            className={inputClass}
          />
        </div>
        <button type="submit" disabled={busy || !passkeysHere} className={`${primaryButton} w-full`}>
          {busy ? "Waiting for your device…" : "Create a passkey on this device"}
        </button>
        {error ? <Notice tone="error">{error}</Notice> : null}
      </form>
    </div>
  );
}
