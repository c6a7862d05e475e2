/**
 * The Account page's "Add another device": a one-time setup link for this owner, shown as text and
 * as a QR code the server drew, so a phone's camera can take it from a laptop's screen.
 */
import { Form } from "react-router";
import { secondaryButton } from "./desk-frame";
import { formatDateTime } from "~/time/business-time";
import { LINK_DEVICE_INTENT } from "./account-intents";
import type { SetupLinkShown } from "./account-actions.server";
import { QrCode } from "./qr-code";
import { ConfirmItsYou } from "./recent-sign-in";

export function DeviceLinkSection({
  fresh,
  signIn,
  link,
}: {
  fresh: boolean;
  signIn: string;
  link: SetupLinkShown | undefined;
}) {
  return (
    <section aria-labelledby="another-device" className="mt-6">
      <h2 id="another-device" className="text-lg font-bold text-navy-900">
        Add another device
      </h2>
      <p className="text-sm">
        For a second phone, a tablet or a computer: a link that makes a passkey on the device that opens it.
      </p>
      {fresh ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="intent" value={LINK_DEVICE_INTENT} />
          <button type="submit" className={secondaryButton}>
            Make a setup link
          </button>
        </Form>
      ) : (
        <ConfirmItsYou signIn={signIn} what="Adding a device" />
      )}
      {link ? (
        <div className="mt-3 rounded-lg border border-slate-300 bg-white p-3" data-testid="setup-link">
          <p className="text-sm">Works once, until {formatDateTime(link.expiresAt)}:</p>
          <p className="mt-1 font-mono text-sm break-all">
            <a href={link.url} className="text-sea-600 underline">
              {link.url}
            </a>
          </p>
          <div className="mt-3">
            <QrCode drawing={link.qr} label="QR code of the setup link, for the other device's camera" />
          </div>
        </div>
      ) : null}
    </section>
  );
}
