/**
 * 'Invoices and payments' on the homeowner's job page: every invoice with Paid, Due or Overdue and
 * its PDF, the payments received with their receipts, the balance, and 'Pay online' when the owner
 * has set a payment link from their own card processor. The link leaves this site: no card is
 * ever typed here.
 */
import type { HomeownerMoneyView } from "./money-view";

const link = "inline-flex min-h-11 items-center font-medium text-sea-600 underline";

const STATE_CLASS = {
  paid: "bg-green-800 text-white",
  settled: "bg-slate-200 text-slate-900",
  due: "bg-navy-800 text-white",
  overdue: "bg-red-800 text-white",
  void: "bg-slate-200 text-slate-900",
} as const;

export function HomeownerMoney({
  money,
  documentHref,
  payOnlineUrl,
}: {
  money: HomeownerMoneyView;
  documentHref: (documentId: string) => string;
  payOnlineUrl: string | null;
}) {
  const owing = money.invoices.some((invoice) => invoice.state === "due" || invoice.state === "overdue");
  return (
    <section aria-labelledby="money-heading" className="mt-8">
      <h2 id="money-heading" className="text-xl font-bold text-navy-900">
        Invoices and payments
      </h2>
      <dl className="mt-2 grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-lg">
        <dt>Contract total</dt>
        <dd className="text-right tabular-nums">{money.contractTotal}</dd>
        <dt>Paid</dt>
        <dd className="text-right tabular-nums">{money.collected}</dd>
        <dt className="font-bold">{money.balanceLabel}</dt>
        <dd className="text-right font-bold tabular-nums">{money.balance}</dd>
      </dl>
      {money.invoices.length > 0 ? (
        <ul className="mt-4 space-y-3">
          {money.invoices.map((invoice) => (
            <li key={invoice.id}>
              <span className="font-semibold">{`Invoice ${invoice.number}`}</span>: {invoice.label},{" "}
              <span className="tabular-nums">{invoice.amount}</span>{" "}
              <strong className={`rounded px-1.5 py-0.5 text-sm ${STATE_CLASS[invoice.state]}`}>
                {invoice.stateLabel}
              </strong>
              <span className="block text-sm">
                Issued {invoice.issued}.{" "}
                {invoice.state === "paid" || invoice.state === "void" ? null : `${invoice.due}.`}
                {invoice.partly ? ` ${invoice.partly}.` : null}
              </span>
              {invoice.documentId ? (
                <a href={documentHref(invoice.documentId)} className={link}>
                  {`Invoice ${invoice.number} (PDF)`}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3">No invoices yet: we send each one by email when it is due.</p>
      )}
      {payOnlineUrl && owing ? (
        <p className="mt-4">
          <a
            href={payOnlineUrl}
            rel="noopener noreferrer"
            className="inline-flex min-h-11 items-center rounded-lg bg-navy-800 px-5 font-semibold text-white hover:bg-navy-700 focus-visible:outline-3 focus-visible:outline-offset-2"
          >
            Pay online
          </a>
          <span className="mt-1 block text-sm">
            Opens our card processor&apos;s page. Write the invoice number in the payment&apos;s note.
          </span>
        </p>
      ) : null}
      {money.payments.length > 0 ? (
        <>
          <h3 className="mt-4 font-bold text-navy-900">Payments received</h3>
          <ul className="mt-1 space-y-2">
            {money.payments.map((payment) => (
              <li key={payment.id}>
                <span className="tabular-nums">{payment.amount}</span> by {payment.how}, received {payment.received}
                {payment.receiptDocumentId ? (
                  <a href={documentHref(payment.receiptDocumentId)} className={`${link} block`}>
                    Receipt (PDF)
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
