/**
 * /owner/account: the owner's passkeys (device and date added; any but the last can be removed),
 * adding one on this device or another (a setup link with its QR code), the devices notified of
 * new leads (`alerts/device-actions.server.ts` answers their posts), the owners
 * (`owner/account-actions.server.ts`), the owner's name on home watch reports (posted to
 * /owner/account/name), the morning email, and signing out everywhere. Whatever
 * adds or removes a way in or a notified device, changes who the owners are, or signs out
 * everywhere asks for a sign-in within the last 10 minutes. "Add passkey" pressed before the page's
 * script ran posts to /owner/passkey, which sends the browser back here with its answer.
 */
import { useState } from "react";
import { data, Form } from "react-router";
import { refusedForm } from "~/forms/change-answer";
import { takeCarriedAnswer } from "~/infra/carried-answer.server";
import { profile } from "~/content/profile";
import { Notice, primaryButton, secondaryButton, inputClass, labelClass } from "~/owner/desk-frame";
import { guessDeviceName, registerPasskey } from "~/owner/passkey-client";
import { listPasskeys } from "~/owner/passkeys.server";
import { requireOwner, signedInRecently } from "~/owner/sessions.server";
import { accountIntents, type AccountAnswer } from "~/owner/account-actions.server";
import { ACCOUNT_PATH } from "~/owner/account-changes.server";
import { ADD_PASSKEY_FORMS, ADD_PASSKEY_INTENT, DEVICE_NAME_MAX, REMOVE_PASSKEY_INTENT } from "~/owner/account-intents";
import { DeviceLinkSection } from "~/owner/device-link-section";
import { listOwners, ownerNameOf } from "~/owner/owners.server";
import { OWNER_NAME_FORMS, OWNER_NAME_INTENT } from "~/owner/owner-name";
import { OwnerNameSection } from "~/owner/owner-name-section";
import { OwnersSection } from "~/owner/owners-section";
import { signInPath } from "~/owner/paths";
import { ConfirmItsYou } from "~/owner/recent-sign-in";
import { RemoveButton } from "~/owner/remove-button";
import type { Route } from "./+types/owner.account";
import { readSmallForm } from "~/infra/uploads.server";
import { dispatchIntent } from "~/infra/intents.server";
import { deviceIntents } from "~/alerts/device-actions.server";
import { pushDevicesData } from "~/alerts/devices.server";
import { PushDevices } from "~/alerts/push-devices";
import { DigestToggle } from "~/alerts/digest-toggle";
import { digestChoice } from "~/alerts/digest.server";
import { formatDateTime } from "~/time/business-time";

export const meta: Route.MetaFunction = () => [
  { title: `Account | ${profile.shortName} desk` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, session } = await requireOwner(request, context);
  const passkeys = await listPasskeys(db, session.ownerId);
  const digestChanged = new URL(request.url).searchParams.get("digest");
  const carried = takeCarriedAnswer(request, ACCOUNT_PATH, [ADD_PASSKEY_FORMS, OWNER_NAME_FORMS]);
  return data(
    {
      email: session.email,
      name: await ownerNameOf(db, session.email),
      fresh: signedInRecently(session),
      signIn: signInPath(ACCOUNT_PATH, true),
      owners: (await listOwners(db)).map((o) => ({
        email: o.email,
        createdAt: o.createdAt.toISOString(),
        passkeys: o.passkeys,
      })),
      digest: await digestChoice(db, session.ownerId),
      digestChanged: digestChanged === "on" ? ("on" as const) : digestChanged === "off" ? ("off" as const) : null,
      added: new URL(request.url).searchParams.get("added") === "1",
      deviceName: guessDeviceName(request.headers.get("user-agent") ?? ""),
      passkeys: passkeys.map((p) => ({
        id: p.id,
        deviceName: p.deviceName,
        createdAt: p.createdAt.toISOString(),
        lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
      })),
      push: await pushDevicesData(db, session.ownerId),
      answer: carried.answer,
    },
    { headers: carried.headers },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const owner = await requireOwner(request, context);
  const form = await readSmallForm(request);
  return dispatchIntent(form, { ...deviceIntents(owner, form, request), ...accountIntents(owner, form, request) });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const { email, name, passkeys, added, deviceName, push, digest, digestChanged, fresh, signIn, owners } = loaderData;
  // Every action of this page answers in this one shape; the answer carried back from
  // /owner/passkey (a form posted without the script) is one too.
  const answer: AccountAnswer | undefined = actionData ?? loaderData.answer ?? undefined;
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  return (
    <>
      <h1 className="text-2xl font-bold text-navy-900">Account</h1>
      <p className="mt-1 break-all">Signed in as {email}</p>
      {added ? <Notice tone="ok">Passkey added on this device.</Notice> : null}
      {answer && (answer.ok || answer.errors.form) ? (
        <Notice tone={answer.ok ? "ok" : "error"}>
          {answer.ok ? answer.done : answer.errors.form}
          {answer.signIn ? (
            <>
              {" "}
              <a href={answer.signIn} className="underline">
                Confirm it&apos;s you
              </a>
            </>
          ) : null}
        </Notice>
      ) : null}
      <section aria-labelledby="passkeys" className="mt-5">
        <h2 id="passkeys" className="text-lg font-bold text-navy-900">
          Your passkeys
        </h2>
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {passkeys.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <span className="font-semibold">{p.deviceName}</span>
                <span className="block text-sm text-slate-700">
                  Added {formatDateTime(p.createdAt)}
                  {p.lastUsedAt ? `, last used ${formatDateTime(p.lastUsedAt)}` : ""}
                </span>
              </span>
              {fresh && passkeys.length > 1 ? (
                <RemoveButton
                  fields={{ intent: REMOVE_PASSKEY_INTENT, passkey: p.id }}
                  label={`Remove passkey ${p.deviceName}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
        {passkeys.length <= 1 ? (
          <p className="mt-1 text-sm text-slate-700">Your only passkey cannot be removed: add another device first.</p>
        ) : fresh ? null : (
          <ConfirmItsYou signIn={signIn} what="Removing a passkey" />
        )}
      </section>
      <section aria-labelledby="add-passkey" className="mt-6">
        <h2 id="add-passkey" className="text-lg font-bold text-navy-900">
          Add a passkey on this device
        </h2>
        {fresh ? (
          // With the script, the submit handler makes the passkey. Pressed before it runs, the form
          // posts to /owner/passkey, which sends the browser back here saying the script is needed;
          // a form's default, a GET of this page, would only reload it without a word.
          <form
            method="post"
            action="/owner/passkey"
            className="mt-2 space-y-3"
            onSubmit={async (event) => {
              event.preventDefault();
              setBusy(true);
              setError(undefined);
              const result = await registerPasskey(String(new FormData(event.currentTarget).get("deviceName") ?? ""));
              if (result.ok) window.location.assign(result.next ?? "/owner/account");
              else {
                setError(result.error);
                setBusy(false);
              }
            }}
          >
            <input type="hidden" name="intent" value={ADD_PASSKEY_INTENT} />
            <div>
              <label htmlFor="new-device-name" className={labelClass}>
                Name for this device
              </label>
              <input
                id="new-device-name"
                name="deviceName"
                defaultValue={refusedForm(answer, ADD_PASSKEY_INTENT)?.values.deviceName ?? deviceName}
                maxLength={DEVICE_NAME_MAX}
                className={inputClass}
              />
            </div>
            <button type="submit" disabled={busy} className={secondaryButton}>
              Add passkey
            </button>
            {error ? <Notice tone="error">{error}</Notice> : null}
          </form>
        ) : (
          <ConfirmItsYou signIn={signIn} what="Adding a passkey" />
        )}
      </section>
      <DeviceLinkSection fresh={fresh} signIn={signIn} link={answer?.setupLink} />
      <PushDevices {...push} fresh={fresh} signIn={signIn} />
      <OwnersSection owners={owners} you={email} fresh={fresh} signIn={signIn} />
      <OwnerNameSection
        name={name}
        error={refusedForm(answer, OWNER_NAME_INTENT)?.errors.name}
        typed={refusedForm(answer, OWNER_NAME_INTENT)?.values.name}
      />
      <DigestToggle on={digest} changed={digestChanged} />
      <section aria-labelledby="sessions" className="mt-6">
        <h2 id="sessions" className="text-lg font-bold text-navy-900">
          Signed in elsewhere?
        </h2>
        <p className="text-sm">
          Ends every session of yours, on every device, this one included, and stops the lead alerts on every device of
          yours. Lost a phone? Remove its passkey above first.
        </p>
        {fresh ? (
          <Form method="post" action="/owner/sign-out" reloadDocument className="mt-2">
            <button type="submit" name="scope" value="everywhere" className={primaryButton}>
              Sign out everywhere
            </button>
          </Form>
        ) : (
          <ConfirmItsYou signIn={signIn} what="Signing out everywhere" />
        )}
      </section>
    </>
  );
}
