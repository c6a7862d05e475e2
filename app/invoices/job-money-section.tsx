/**
 * 'Money' on the desk's job page: the contract total, what is paid and the balance; each scheduled
 * payment with its state and 'Send invoice' (the final one says why it waits until completion);
 * the invoices with their PDFs, reminder switch and 'Void'; the payments with their receipts and
 * 'Void'; and 'Record a payment'. They post to `action`, the money forms' own route, through one
 * fetcher keyed by that address, which the page reads the answer from; without JavaScript they are
 * plain forms, and the route sends the browser back to the page with the answer.
 */
import { useFetcher } from "react-router";
import { primaryButton, secondaryButton } from "~/owner/desk-frame";
import type { MoneyView } from "./money-view";
import { InvoiceHeadline, Payments, ReminderSwitch, VoidForm, type MoneyFormAnswer } from "./payment-forms";

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
            <InvoiceHeadline invoice={invoice} documentHref={documentHref} />
            {invoice.state === "due" || invoice.state === "overdue" ? (
              <>
                <ReminderSwitch action={action} invoice={invoice} busy={busy} />
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

      <Payments
        action={action}
        payments={money.payments}
        documentHref={documentHref}
        paymentKey={paymentKey}
        today={today}
        upTo={money.balanceCents > 0 ? `Up to the balance, ${money.balance}.` : null}
        busy={busy}
        answer={answer}
      />
    </section>
  );
}
