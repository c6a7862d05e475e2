/**
 * 'Money' on the desk's plan page: what the plan's invoices ask, what is paid and what is owed;
 * each monthly invoice with its state, PDF and reminder switch; the payments with their receipts and 'Void'; and
 * 'Record a payment', up to what is owed. The forms post to the plan's money route through one
 * fetcher keyed by its address (see `invoices/payment-forms.tsx`).
 */
import { InvoiceHeadline, Payments, ReminderSwitch, type MoneyFormAnswer } from "~/invoices/payment-forms";
import type { PlanMoneyView } from "./plan-money.server";

export function PlanMoneySection({
  action,
  money,
  documentHref,
  paymentKey,
  today,
  busy,
  answer,
}: {
  action: string;
  money: PlanMoneyView;
  documentHref: (documentId: string) => string;
  paymentKey: string;
  today: string;
  busy: boolean;
  answer: MoneyFormAnswer | undefined;
}) {
  return (
    <section aria-labelledby="money-heading" className="mt-8 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="money-heading" className="text-lg font-bold text-navy-900">
        Money
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt>Invoiced</dt>
        <dd className="text-right font-semibold tabular-nums">{money.invoiced}</dd>
        <dt>Paid</dt>
        <dd className="text-right font-semibold tabular-nums">{money.collected}</dd>
        <dt>Owed</dt>
        <dd className="text-right font-semibold tabular-nums">{money.owed}</dd>
      </dl>
      <h3 className="mt-4 font-bold text-navy-900">Invoices</h3>
      {money.invoices.length === 0 ? (
        <p className="mt-1">None yet: after each month, one invoice goes out for the visits made.</p>
      ) : null}
      <ul className="mt-1 divide-y divide-slate-200">
        {money.invoices.map((invoice) => (
          <li key={invoice.id} className="py-2">
            <InvoiceHeadline invoice={invoice} documentHref={documentHref} />
            {invoice.state === "due" || invoice.state === "overdue" ? (
              <ReminderSwitch action={action} invoice={invoice} busy={busy} />
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
        upTo={money.owedCents > 0 ? `Up to what is owed, ${money.owed}.` : null}
        busy={busy}
        answer={answer}
      />
    </section>
  );
}
