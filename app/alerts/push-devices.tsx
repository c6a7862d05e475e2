/**
 * The account page's section on notifications: "Notify me on this device", and the devices that
 * get an alert for each new lead (name and date added), each removable; both after a recent
 * sign-in, as the server asks (the way to confirm it's you otherwise). Both are plain forms posted
 * to the account page (`device-actions.server.ts`), whose answer shows in the page's notice like a
 * passkey's; a removal works without JavaScript. Only router features the site already uses
 * appear here: any other would grow the router code that every public page loads.
 */
import { useRef, useState } from "react";
import { Form } from "react-router";
import { Notice, primaryButton } from "~/owner/desk-frame";
import { formatDateTime } from "~/time/business-time";
import { ConfirmItsYou } from "~/owner/recent-sign-in";
import { RemoveButton } from "~/owner/remove-button";
import { REMOVE_INTENT, SUBSCRIBE_INTENT } from "./device-intents";
import type { PushDevicesData } from "./devices.server";
import { subscribeThisDevice } from "./push-client";

export function PushDevices({
  devices,
  vapidPublicKey,
  fresh,
  signIn,
}: PushDevicesData & { fresh: boolean; signIn: string }) {
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const field = useRef<HTMLInputElement>(null);
  return (
    <section aria-labelledby="notifications" className="mt-6">
      <h2 id="notifications" className="text-lg font-bold text-navy-900">
        Notifications
      </h2>
      <p className="text-sm">
        A device set up here shows an alert within seconds of each new lead (name, town, photos), and a reminder when a
        lead is still new after a few business hours. Tap the alert to open the lead.
      </p>
      {fresh ? (
        <Form method="post" ref={form}>
          <input type="hidden" name="intent" value={SUBSCRIBE_INTENT} />
          <input type="hidden" name="subscription" ref={field} />
          <button
            type="button"
            disabled={preparing}
            className={`${primaryButton} mt-3`}
            onClick={async () => {
              setPreparing(true);
              setProblem(undefined);
              const result = await subscribeThisDevice(vapidPublicKey);
              setPreparing(false);
              if (!result.ok) return setProblem(result.error);
              if (field.current) field.current.value = JSON.stringify(result.subscription);
              form.current?.requestSubmit();
            }}
          >
            Notify me on this device
          </button>
        </Form>
      ) : (
        <ConfirmItsYou signIn={signIn} what="Adding a device for notifications" />
      )}
      {problem ? <Notice tone="error">{problem}</Notice> : null}
      <h3 className="mt-4 font-semibold text-navy-900">Devices notified</h3>
      {devices.length === 0 ? (
        <p className="text-sm text-slate-700">None yet.</p>
      ) : (
        <ul
          aria-label="Devices notified"
          className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white"
        >
          {devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <span className="font-semibold">{device.deviceName}</span>
                <span className="block text-sm text-slate-700">Added {formatDateTime(device.createdAt)}</span>
              </span>
              {fresh ? (
                <RemoveButton
                  fields={{ intent: REMOVE_INTENT, device: device.id }}
                  label={`Stop notifying ${device.deviceName}, added ${formatDateTime(device.createdAt)}`}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {devices.length > 0 && !fresh ? <ConfirmItsYou signIn={signIn} what="Removing a device" /> : null}
    </section>
  );
}
