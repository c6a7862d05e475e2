/**
 * The account page's section on notifications: "Notify me on this device", and the devices that
 * get an alert for each new lead (name and date added), each removable.
 */
import { useState } from "react";
import { Form, useRevalidator } from "react-router";
import { dangerButton, Notice, primaryButton } from "~/owner/desk-frame";
import { deskTime } from "~/owner/format";
import type { PushDevicesData } from "./devices.server";
import { subscribeThisDevice } from "./push-client";

export function PushDevices({ devices, vapidPublicKey, notice }: PushDevicesData) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string }>();
  const revalidator = useRevalidator();
  return (
    <section aria-labelledby="notifications" className="mt-6">
      <h2 id="notifications" className="text-lg font-bold text-navy-900">
        Notifications
      </h2>
      <p className="text-sm">
        A device set up here shows an alert within seconds of each new lead (name, town, photos), and a reminder when a
        lead is still new after a few business hours. Tap the alert to open the lead.
      </p>
      {notice === "removed" ? <Notice tone="ok">Device removed: it gets no more alerts.</Notice> : null}
      {notice === "unknown" ? <Notice tone="error">That device is not yours or was already removed.</Notice> : null}
      <button
        type="button"
        disabled={busy}
        className={`${primaryButton} mt-3`}
        onClick={async () => {
          setBusy(true);
          setMessage(undefined);
          const result = await subscribeThisDevice(vapidPublicKey);
          setMessage(
            result.ok
              ? { tone: "ok", text: "This device will be notified of new leads." }
              : { tone: "error", text: result.error },
          );
          setBusy(false);
          if (result.ok) await revalidator.revalidate();
        }}
      >
        Notify me on this device
      </button>
      {message ? <Notice tone={message.tone}>{message.text}</Notice> : null}
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
                <span className="block text-sm text-slate-700">Added {deskTime(device.createdAt)}</span>
              </span>
              <Form method="post" action="/owner/push" reloadDocument>
                <input type="hidden" name="intent" value="remove-device" />
                <input type="hidden" name="device" value={device.id} />
                <button
                  type="submit"
                  className={dangerButton}
                  aria-label={`Stop notifying ${device.deviceName}, added ${deskTime(device.createdAt)}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
