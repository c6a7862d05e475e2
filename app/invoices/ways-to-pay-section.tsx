/**
 * 'Ways to pay' on the Site page: what every invoice says about paying. 'Checks payable to', an
 * optional bank transfer or Zelle line, an optional 'Pay online' link pasted from the owner's own
 * card processor (the site shows it as a button and never handles a card), and when invoices fall
 * due.
 */
import { Form } from "react-router";
import { DeskInput } from "~/owner/desk-field";
import { hintClass } from "~/owner/desk-field";
import { primaryButton } from "~/owner/desk-frame";
import {
  DUE_DAYS_MAX,
  PAY_ONLINE_URL_MAX,
  PAYABLE_TO_MAX,
  TRANSFER_LINE_MAX,
  type WaysToPayErrors,
  type WaysToPayInput,
} from "./ways-to-pay";

export function WaysToPaySection({
  values,
  errors,
  busy,
}: {
  values: WaysToPayInput;
  errors: WaysToPayErrors;
  busy: boolean;
}) {
  return (
    <section aria-labelledby="ways-to-pay-heading" className="mt-8">
      <h2 id="ways-to-pay-heading" className="text-lg font-bold text-navy-900">
        Ways to pay
      </h2>
      <p className={hintClass}>
        Every invoice and its email say how to pay. Changes apply to invoices sent from now on.
      </p>
      <Form method="post" className="mt-3 space-y-4">
        <DeskInput
          id="checksPayableTo"
          label="Checks payable to"
          error={errors.checksPayableTo}
          name="checksPayableTo"
          maxLength={PAYABLE_TO_MAX}
          required
          defaultValue={values.checksPayableTo}
        />
        <DeskInput
          id="transferLine"
          label="Bank transfer or Zelle (optional)"
          hint="For example: Zelle to pay@causewayhomerepair.com."
          error={errors.transferLine}
          name="transferLine"
          maxLength={TRANSFER_LINE_MAX}
          defaultValue={values.transferLine}
        />
        <DeskInput
          id="payOnlineUrl"
          label="Pay online address (optional)"
          hint="Paste the payment link your card processor gives you, starting with https://. Homeowners see it as a 'Pay online' button; this site never handles a card."
          error={errors.payOnlineUrl}
          name="payOnlineUrl"
          type="url"
          inputMode="url"
          maxLength={PAY_ONLINE_URL_MAX}
          defaultValue={values.payOnlineUrl}
        />
        <DeskInput
          id="dueDays"
          label="Invoices are due after (days)"
          hint="0 means 'Due on receipt'."
          error={errors.dueDays}
          name="dueDays"
          type="number"
          min={0}
          max={DUE_DAYS_MAX}
          inputMode="numeric"
          required
          defaultValue={values.dueDays}
        />
        <button type="submit" name="intent" value="ways-to-pay" disabled={busy} className={primaryButton}>
          Save ways to pay
        </button>
      </Form>
    </section>
  );
}
