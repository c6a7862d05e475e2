/**
 * /owner/setup?token=…: the one-time link an owner makes on the Account page (for another device,
 * or emailed to an invited owner), or `npm run owner -- add|link` prints. Opening it changes
 * nothing; the button makes a passkey on this device and signs in.
 */
import { useState } from "react";
import { profile } from "~/content/profile";
import { getDatabase } from "~/infra/db.server";
import { inputClass, labelClass, Notice, primaryButton } from "~/owner/desk-frame";
import { guessDeviceName, registerPasskey } from "~/owner/passkey-client";
import { relyingPartyFor } from "~/owner/passkeys.server";
import { ownerOfSetupToken } from "~/owner/owners.server";
import type { Route } from "./+types/owner.setup";

export const meta: Route.MetaFunction = () => [
  { title: `Set up a passkey | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

// The token is in this page's address: no request the page makes may carry it on as a Referer.
export const headers: Route.HeadersFunction = () => ({ "Referrer-Policy": "no-referrer" });

/** Nothing is posted here (the passkey goes to /owner/passkey): a plain refusal, not a router error. */
export function action() {
  return new Response("The setup page takes no posts. Open the link and press the button.", {
    status: 405,
    headers: { Allow: "GET", "Content-Type": "text/plain; charset=utf-8" },
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

export default function Setup({ loaderData }: Route.ComponentProps) {
  const { token, email, passkeysHere, deviceName } = loaderData;
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
      <form
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
        <div>
          <label htmlFor="device-name" className={labelClass}>
            Name for this device
          </label>
          <input id="device-name" name="deviceName" defaultValue={deviceName} maxLength={60} className={inputClass} />
        </div>
        <button type="submit" disabled={busy || !passkeysHere} className={`${primaryButton} w-full`}>
          {busy ? "Waiting for your device…" : "Create a passkey on this device"}
        </button>
        {error ? <Notice tone="error">{error}</Notice> : null}
      </form>
    </div>
  );
}
