/**
 * The money on the desk's Numbers page: invoiced, collected and outstanding by month; what is
 * overdue and for how long; 'Download for the accountant' (a year's invoices in QuickBooks
 * Online's import columns, and its payments); and the records kept after their lead was deleted.
 */
import { Link } from "react-router";
import { inputClass, secondaryButton } from "~/owner/desk-frame";

export interface MoneyStatsView {
  months: { label: string; invoiced: string; collected: string; outstanding: string }[];
  overdue: { page: string; number: string; customer: string; unpaid: string; due: string; ageDays: number }[];
  years: number[];
  kept: { id: string; title: string; customer: string; signed: string; keepUntil: string; documentId: string | null }[];
}

const th = "border-b border-slate-300 px-2 py-1 text-left font-semibold text-navy-900";
const td = "border-b border-slate-200 px-2 py-1";

export function MoneyStatsSection({ money }: { money: MoneyStatsView }) {
  return (
    <section aria-labelledby="money-numbers" className="mt-6">
      <h2 id="money-numbers" className="text-lg font-bold text-navy-900">
        Money, last {money.months.length} months
      </h2>
      <table className="mt-2 w-full max-w-xl text-sm">
        <caption className="sr-only">Invoiced, collected, and outstanding at the end of each month</caption>
        <thead>
          <tr>
            <th scope="col" className={th}>
              Month
            </th>
            <th scope="col" className={`${th} text-right`}>
              Invoiced
            </th>
            <th scope="col" className={`${th} text-right`}>
              Collected
            </th>
            <th scope="col" className={`${th} text-right`}>
              Outstanding
            </th>
          </tr>
        </thead>
        <tbody>
          {money.months.map((m) => (
            <tr key={m.label}>
              <th scope="row" className={`${td} font-normal`}>
                {m.label}
              </th>
              <td className={`${td} text-right tabular-nums`}>{m.invoiced}</td>
              <td className={`${td} text-right tabular-nums`}>{m.collected}</td>
              <td className={`${td} text-right tabular-nums`}>{m.outstanding}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-1 text-sm text-slate-700">Outstanding: invoiced and not yet paid at the month&apos;s end.</p>

      <h3 className="mt-4 font-bold text-navy-900">Overdue</h3>
      {money.overdue.length === 0 ? (
        <p className="mt-1">Nothing is overdue.</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {money.overdue.map((o) => (
            <li key={o.number}>
              <Link to={o.page} className="inline-flex min-h-11 items-center font-medium text-sea-700 underline">
                Invoice {o.number}, {o.customer}
              </Link>
              : {o.unpaid} unpaid, due {o.due}, <strong>{o.ageDays} days overdue</strong>
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-4 font-bold text-navy-900">Download for the accountant</h3>
      <form method="get" action="/owner/export/invoices.csv" className="mt-2 flex flex-wrap items-end gap-3">
        <label htmlFor="ledger-year" className="block">
          <span className="mb-1 block text-sm font-semibold text-navy-900">Year</span>
          <select id="ledger-year" name="year" defaultValue={money.years[0]} className={inputClass}>
            {money.years.map((year) => (
              <option key={year} value={year}>
                {year}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondaryButton}>
          Invoices (QuickBooks CSV)
        </button>
        <button type="submit" formAction="/owner/export/payments.csv" className={secondaryButton}>
          Payments (CSV)
        </button>
      </form>
      <p className="mt-1 text-sm text-slate-700">
        The invoices file uses the column names QuickBooks Online&apos;s invoice import reads by itself; a voided
        invoice is listed at zero with its reason, so no number is missing.
      </p>

      <h3 className="mt-4 font-bold text-navy-900">Records kept from deleted leads</h3>
      {money.kept.length === 0 ? (
        <p className="mt-1">None.</p>
      ) : (
        <ul className="mt-1 space-y-1">
          {money.kept.map((k) => (
            <li key={k.id}>
              {k.documentId ? (
                <a href={`/owner/records/${k.documentId}`} className="font-medium text-sea-700 underline">
                  {k.title}
                </a>
              ) : (
                k.title
              )}
              , {k.customer}, {k.signed}; kept until {k.keepUntil}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
