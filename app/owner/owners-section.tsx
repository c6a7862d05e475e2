/**
 * The Account page's Owners: who can open the desk, inviting another by email, and removing one
 * (never yourself: another owner, or the server's command line, can remove you).
 */
import { Form } from "react-router";
import { inputClass, labelClass, secondaryButton } from "./desk-frame";
import { formatDateTime } from "~/time/business-time";
import { INVITE_OWNER_INTENT, REMOVE_OWNER_INTENT } from "./account-intents";
import { ConfirmItsYou } from "./recent-sign-in";
import { RemoveButton } from "./remove-button";

export interface OwnerRow {
  email: string;
  createdAt: string;
  passkeys: number;
}

export function OwnersSection({
  owners,
  you,
  fresh,
  signIn,
}: {
  owners: OwnerRow[];
  you: string;
  fresh: boolean;
  signIn: string;
}) {
  return (
    <section aria-labelledby="owners" className="mt-6">
      <h2 id="owners" className="text-lg font-bold text-navy-900">
        Owners
      </h2>
      <p className="text-sm">
        Everyone here sees every lead, and can invite or remove owners. Each change is emailed to all.
      </p>
      <ul aria-label="Owners" className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
        {owners.map((owner) => (
          <li key={owner.email} className="flex flex-wrap items-center justify-between gap-2 p-3">
            <span className="min-w-0">
              <span className="font-semibold break-all">
                {owner.email}
                {owner.email === you ? " (you)" : ""}
              </span>
              <span className="block text-sm text-slate-700">
                Added {formatDateTime(owner.createdAt)}, {owner.passkeys} passkey{owner.passkeys === 1 ? "" : "s"}
              </span>
            </span>
            {fresh && owner.email !== you ? (
              <RemoveButton
                fields={{ intent: REMOVE_OWNER_INTENT, email: owner.email }}
                label={`Remove owner ${owner.email}`}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {fresh ? (
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value={INVITE_OWNER_INTENT} />
          <div>
            <label htmlFor="invite-email" className={labelClass}>
              Invite an owner by email
            </label>
            <input
              id="invite-email"
              name="email"
              type="email"
              autoComplete="off"
              required
              maxLength={254}
              className={inputClass}
              aria-describedby="invite-hint"
            />
            <p id="invite-hint" className="mt-1 text-sm text-slate-700">
              They get a one-time link to set up a passkey on their phone.
            </p>
          </div>
          <button type="submit" className={secondaryButton}>
            Invite an owner
          </button>
        </Form>
      ) : (
        <ConfirmItsYou signIn={signIn} what="Inviting or removing an owner" />
      )}
    </section>
  );
}
