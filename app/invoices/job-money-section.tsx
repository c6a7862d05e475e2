/**
 * 'Money' on the desk's job page: the contract total, what is paid and the balance; each scheduled
 * payment with its state and 'Send invoice' (the final one says why it waits until completion);
 * the invoices with their PDFs, reminder switch and 'Void'; the payments with their receipts and
 * 'Void'; and 'Record a payment'. They post to `action`, the money forms' own route, through one
 * fetcher keyed by that address, which the page reads the answer from; without JavaScript they are
 * plain forms, and the route sends the browser back to the page with the answer.
 */
import type { FieldMessages } from "~/forms/change-answer";
import { useFetcher } from "react-router";
import { DeskField, DeskInput, DeskTextarea } from "~/owner/desk-field";
import { dangerButton, inputClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { PAYMENT_METHOD_LABELS } from "./invoice-document";
import type { MoneyView } from "./money-view";
import { PAYMENT_METHODS, REFERENCE_MAX, VOID_REASON_MAX } from "./payment-rules";

const link = "inline-flex min-h-11 items-center text-sea-700 underline";

export interface MoneyFormAnswer {
  intent: string;
  errors: FieldMessages;
  values: Record<string, string>;
  /** The invoice or payment a refused void was about. */
  target?: string;
}

function VoidForm({
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

export function JobMoneySection({
  action,
  money,
  documentHref,
  paymentKey,
  today,
  busy,
  answer,
}: {
  /** Where the money forms post, and the key of the fetcher they post through. */
  action: string;
  money: MoneyView;
  documentHref: (documentId: string) => string;
  paymentKey: string;
  today: string;
  busy: boolean;
  answer: MoneyFormAnswer | undefined;
}) {
  const { Form } = useFetcher({ key: action });
  const paymentErrors = answer?.intent === "record-payment" ? answer.errors : {};
  const typed = (name: string, fallback = "") =>
    answer?.intent === "record-payment" ? (answer.values[name] ?? fallback) : fallback;
  return (
    <section aria-labelledby="money-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="money-heading" className="text-lg font-bold text-navy-900">
        Money
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Contract total</dt>
        <dd className="text-right font-semibold tabular-nums">{money.contractTotal}</dd>
        <dt>Paid</dt>
        <dd className="text-right font-semibold tabular-nums">{money.collected}</dd>
        <dt>{money.balanceLabel}</dt>
        <dd className="text-right font-semibold tabular-nums">{money.balance}</dd>
      </dl>

      <h3 className="mt-4 font-bold text-navy-900">Payments the contract sets</h3>
      <ul className="mt-1 divide-y divide-slate-200">
        {money.schedule.map((line) => (
          <li key={line.key} className="py-2">
            <span className="font-semibold">{line.label}</span>: <span className="tabular-nums">{line.amount}</span> ·{" "}
            {line.state}
            {line.invoiceNumber ? ` (${line.invoiceNumber})` : null}
            {line.canInvoice ? (
              <Form method="post" action={action} className="mt-1">
                <input type="hidden" name="target" value={line.key} />
                <button type="submit" name="intent" value="send-invoice" disabled={busy} className={primaryButton}>
                  Send invoice
                </button>
              </Form>
            ) : null}
            {line.waits ? (
              <span className="mt-1 block">
                <button type="button" disabled aria-describedby={`waits-${line.key}`} className={secondaryButton}>
                  Send invoice
                </button>
                <span id={`waits-${line.key}`} className="mt-1 block text-sm text-slate-700">
                  {line.waits}
                </span>
              </span>
            ) : null}
          </li>
        ))}
      </ul>

      <h3 className="mt-4 font-bold text-navy-900">Invoices</h3>
      {money.invoices.length === 0 ? <p className="mt-1">None sent yet.</p> : null}
      <ul className="mt-1 divide-y divide-slate-200">
        {money.invoices.map((invoice) => (
          <li key={invoice.id} className="py-2">
            <span className="font-semibold">{`Invoice ${invoice.number}`}</span>: {invoice.label},{" "}
            <span className="tabular-nums">{invoice.amount}</span> · <strong>{invoice.stateLabel}</strong>
            <span className="block text-sm">
              Issued {invoice.issued}. {invoice.due}.{invoice.partly ? ` ${invoice.partly}.` : null}
              {invoice.voidReason ? ` Voided: ${invoice.voidReason}` : null}
            </span>
            {invoice.documentId ? (
              <a href={documentHref(invoice.documentId)} className={link}>
                {`Invoice ${invoice.number} (PDF)`}
              </a>
            ) : null}
            {invoice.state === "due" || invoice.state === "overdue" ? (
              <>
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
                    <button
                      type="submit"
                      name="intent"
                      value="invoice-reminder"
                      disabled={busy}
                      className={secondaryButton}
                    >
                      {invoice.remind ? "Send no reminder" : "Remind if still unpaid"}
                    </button>
                  )}
                </Form>
                <VoidForm
                  action={action}
                  intent="void-invoice"
                  target={invoice.id}
                  what={`invoice ${invoice.number}`}
                  busy={busy}
                  answer={answer}
                />
              </>
            ) : null}
          </li>
        ))}
      </ul>

      <h3 className="mt-4 font-bold text-navy-900">Payments received</h3>
      {money.payments.length === 0 ? <p className="mt-1">None recorded yet.</p> : null}
      <ul className="mt-1 divide-y divide-slate-200">
        {money.payments.map((payment) => (
          <li key={payment.id} className="py-2">
            <span className="font-semibold tabular-nums">{payment.amount}</span> by {payment.how}, received{" "}
            {payment.received}
            {payment.void ? <strong> · Void: {payment.voidReason}</strong> : null}
            {payment.receiptDocumentId ? (
              <a href={documentHref(payment.receiptDocumentId)} className={`${link} block`}>
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

      {money.balanceCents > 0 ? (
        // Keyed by the number of payments, which grows with each one recorded: the form then starts
        // empty and closed, so a second press cannot record the same check again. The page's data
        // reloads after any other change (an invoice sent) with a new form key; keyed by that, the
        // form closed under the owner's finger and lost what was typed.
        <details key={money.payments.length} className="mt-3" open={answer?.intent === "record-payment"}>
          <summary className="inline-flex min-h-11 cursor-pointer items-center font-semibold text-navy-900">
            Record a payment
          </summary>
          <Form method="post" action={action} className="mt-2 space-y-3">
            <input type="hidden" name="paymentKey" value={paymentKey} />
            <DeskInput
              id="payment-amount"
              label="Amount ($)"
              hint={`Up to the balance, ${money.balance}.`}
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
      ) : null}
    </section>
  );
}
