/**
 * The money forms every money section of the desk shares (a job's, a home watch plan's): an
 * unpaid invoice's reminder switch, the payments received with their receipts and 'Void',
 * 'Record a payment', and the reason a void asks for. They post to `action`, the section's own
 * route, through one fetcher keyed by that address; without JavaScript they are plain forms, and
 * the route sends the browser back to the page with the answer.
 */
import type { FieldMessages } from "~/forms/change-answer";
import { useFetcher } from "react-router";
import { DeskField, DeskInput, DeskTextarea } from "~/owner/desk-field";
import { dangerButton, inputClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { PAYMENT_METHOD_LABELS } from "./invoice-document";
import type { InvoiceView, PaymentView } from "./money-view";
import { PAYMENT_METHODS, REFERENCE_MAX, VOID_REASON_MAX } from "./payment-rules";

export const moneyLink = "inline-flex min-h-11 items-center text-sea-700 underline";

export interface MoneyFormAnswer {
  intent: string;
  errors: FieldMessages;
  values: Record<string, string>;
  /** The invoice or payment a refused void was about. */
  target?: string;
}

export function VoidForm({
  action,
  intent,
  target,
  what,
  busy,
  answer,
}: {
  action: string;
  intent: "void-invoice" | "void-payment";
  target: string;
  what: string;
  busy: boolean;
  answer: MoneyFormAnswer | undefined;
}) {
  const { Form } = useFetcher({ key: action });
  const mine = answer?.intent === intent && answer.target === target;
  return (
    <details className="mt-1" open={mine}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-medium text-red-800">Void</summary>
      <Form method="post" action={action} className="mt-2 space-y-2">
        <input type="hidden" name="target" value={target} />
        <DeskTextarea
          id={`${intent}-${target}-reason`}
          label={`Why void ${what}?`}
          hint="Kept with the record, which keeps its number."
          error={mine ? answer.errors.reason : undefined}
          name="reason"
          rows={2}
          maxLength={VOID_REASON_MAX}
          required
        />
        <button type="submit" name="intent" value={intent} disabled={busy} className={dangerButton}>
          Void {what}
        </button>
      </Form>
    </details>
  );
}

/** An invoice as the desk lists it: number, what for, amount, where it stands, dates and its PDF. */
export function InvoiceHeadline({
  invoice,
  documentHref,
}: {
  invoice: InvoiceView;
  documentHref: (documentId: string) => string;
}) {
  return (
    <>
      <span className="font-semibold">{`Invoice ${invoice.number}`}</span>: {invoice.label},{" "}
      <span className="tabular-nums">{invoice.amount}</span> ·{" "}
      <strong className={invoice.state === "overdue" ? "text-red-800" : undefined}>{invoice.stateLabel}</strong>
      <span className="block text-sm">
        Issued {invoice.issued}. {invoice.due}.{invoice.partly ? ` ${invoice.partly}.` : null}
        {invoice.voidReason ? ` Voided: ${invoice.voidReason}` : null}
      </span>
      {invoice.documentId ? (
        <a href={documentHref(invoice.documentId)} className={moneyLink}>
          {`Invoice ${invoice.number} (PDF)`}
        </a>
      ) : null}
    </>
  );
}

/** Whether an unpaid invoice gets its one reminder, and the button that switches it. */
export function ReminderSwitch({ action, invoice, busy }: { action: string; invoice: InvoiceView; busy: boolean }) {
  const { Form } = useFetcher({ key: action });
  return (
    <Form method="post" action={action} className="mt-1">
      <input type="hidden" name="target" value={invoice.id} />
      <input type="hidden" name="remind" value={invoice.remind ? "off" : "on"} />
      <span className="block text-sm">
        {invoice.reminded
          ? "Its one reminder was sent."
          : invoice.remind
            ? "One reminder goes if it is unpaid 7 business days after it is due."
            : "No reminder will be sent."}
      </span>
      {invoice.reminded ? null : (
        <button type="submit" name="intent" value="invoice-reminder" disabled={busy} className={secondaryButton}>
          {invoice.remind ? "Send no reminder" : "Remind if still unpaid"}
        </button>
      )}
    </Form>
  );
}

export function PaymentsReceived({
  action,
  payments,
  documentHref,
  busy,
  answer,
}: {
  action: string;
  payments: PaymentView[];
  documentHref: (documentId: string) => string;
  busy: boolean;
  answer: MoneyFormAnswer | undefined;
}) {
  return (
    <>
      <h3 className="mt-4 font-bold text-navy-900">Payments received</h3>
      {payments.length === 0 ? <p className="mt-1">None recorded yet.</p> : null}
      <ul className="mt-1 divide-y divide-slate-200">
        {payments.map((payment) => (
          <li key={payment.id} className="py-2">
            <span className="font-semibold tabular-nums">{payment.amount}</span> by {payment.how}, received{" "}
            {payment.received}
            {payment.void ? <strong> · Void: {payment.voidReason}</strong> : null}
            {payment.receiptDocumentId ? (
              <a href={documentHref(payment.receiptDocumentId)} className={`${moneyLink} block`}>
                Receipt (PDF)
              </a>
            ) : null}
            {payment.void ? null : (
              <VoidForm
                action={action}
                intent="void-payment"
                target={payment.id}
                what={`the payment of ${payment.amount}`}
                busy={busy}
                answer={answer}
              />
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function RecordPaymentForm({
  action,
  paymentKey,
  today,
  upTo,
  paymentCount,
  busy,
  answer,
}: {
  action: string;
  paymentKey: string;
  today: string;
  /** The amount's hint: "Up to the balance, $1,200.00." */
  upTo: string;
  /** How many payments are recorded: see the key below. */
  paymentCount: number;
  busy: boolean;
  answer: MoneyFormAnswer | undefined;
}) {
  const { Form } = useFetcher({ key: action });
  const paymentErrors = answer?.intent === "record-payment" ? answer.errors : {};
  const typed = (name: string, fallback = "") =>
    answer?.intent === "record-payment" ? (answer.values[name] ?? fallback) : fallback;
  return (
    // Keyed by the number of payments, which grows with each one recorded: the form then starts
    // empty and closed, so a second press cannot record the same check again. The page's data
    // reloads after any other change (an invoice sent) with a new form key; keyed by that, the
    // form closed under the owner's finger and lost what was typed.
    <details key={paymentCount} className="mt-3" open={answer?.intent === "record-payment"}>
      <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-navy-900">
        Record a payment
      </summary>
      <Form method="post" action={action} className="mt-2 space-y-3">
        <input type="hidden" name="paymentKey" value={paymentKey} />
        <DeskInput
          id="payment-amount"
          label="Amount ($)"
          hint={upTo}
          error={paymentErrors.amount}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          required
          defaultValue={typed("amount")}
        />
        <DeskField id="payment-method" label="Method" error={paymentErrors.method}>
          {(control) => (
            <select {...control} name="method" defaultValue={typed("method", "check")} className={inputClass}>
              {PAYMENT_METHODS.map((method) => (
                <option key={method} value={method}>
                  {PAYMENT_METHOD_LABELS[method]}
                </option>
              ))}
            </select>
          )}
        </DeskField>
        <DeskInput
          id="payment-received"
          label="Date received"
          error={paymentErrors.receivedDay}
          type="date"
          name="receivedDay"
          max={today}
          required
          defaultValue={typed("receivedDay", today)}
        />
        <DeskInput
          id="payment-reference"
          label="Reference"
          hint="The check's number, or the transfer's confirmation."
          error={paymentErrors.reference}
          name="reference"
          maxLength={REFERENCE_MAX}
          autoComplete="off"
          defaultValue={typed("reference")}
        />
        <button type="submit" name="intent" value="record-payment" disabled={busy} className={primaryButton}>
          Record payment
        </button>
      </Form>
    </details>
  );
}

/** The payments received, then 'Record a payment' while something is owed (`upTo` says how much). */
export function Payments({
  action,
  payments,
  documentHref,
  paymentKey,
  today,
  upTo,
  busy,
  answer,
}: {
  action: string;
  payments: PaymentView[];
  documentHref: (documentId: string) => string;
  paymentKey: string;
  today: string;
  /** The amount's hint ("Up to the balance, $1,200.00."); null when nothing is owed. */
  upTo: string | null;
  busy: boolean;
  answer: MoneyFormAnswer | undefined;
}) {
  return (
    <>
      <PaymentsReceived action={action} payments={payments} documentHref={documentHref} busy={busy} answer={answer} />
      {upTo ? (
        <RecordPaymentForm
          action={action}
          paymentKey={paymentKey}
          today={today}
          upTo={upTo}
          paymentCount={payments.length}
          busy={busy}
          answer={answer}
        />
      ) : null}
    </>
  );
}
