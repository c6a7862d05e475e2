/**
 * A change order on the homeowner's job page: the same lines as its PDF, and while it waits for an
 * answer, the signature form ('Type your full name to sign', the consent, 'Accept this change')
 * beside 'Decline this change'. Plain forms: they work without JavaScript.
 */
import { Form } from "react-router";
import { buttonClass } from "~/ui/button";
import type { PaperDocument } from "~/paperwork/document";

export interface ShownChangeOrder {
  id: string;
  number: number;
  /** Lapsed: never answered, and the job is over, so it can no longer be signed. */
  status: "sent" | "accepted" | "declined" | "lapsed";
  statusText: string;
  document: PaperDocument;
}

export function ChangeOrderView({
  order,
  error,
  busy,
}: {
  order: ShownChangeOrder;
  error: string | undefined;
  busy: boolean;
}) {
  const { document } = order;
  const headingId = `change-${order.number}-heading`;
  return (
    <article aria-labelledby={headingId} className="mt-4 rounded-lg border border-slate-300 bg-white p-4">
      <h3 id={headingId} className="text-lg font-bold text-navy-900">
        {document.title}
      </h3>
      <p className="font-semibold">{order.statusText}</p>
      {document.dates.map((line) => (
        <p key={line} className="text-sm text-slate-700">
          {line}
        </p>
      ))}
      <table className="mt-3 w-full text-left text-sm">
        <caption className="sr-only">What {document.title.toLowerCase()} changes</caption>
        <thead>
          <tr className="border-b border-slate-300">
            <th scope="col" className="py-1 pr-2">
              Item
            </th>
            <th scope="col" className="py-1 pr-2">
              Quantity
            </th>
            <th scope="col" className="py-1 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {document.items.map((item) => (
            <tr key={item.position} className="border-b border-slate-200 align-top">
              <td className="py-1 pr-2">{item.description}</td>
              <td className="py-1 pr-2 whitespace-nowrap">{item.quantity}</td>
              <td className="py-1 text-right whitespace-nowrap">{item.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-2 text-sm">
        {document.totals.map((total) => (
          <div key={total.label} className="flex justify-between gap-4 py-0.5">
            <dt>{total.label}</dt>
            <dd className="font-semibold whitespace-nowrap">{total.amount}</dd>
          </div>
        ))}
      </dl>
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-3">
          <h4 className="font-bold text-navy-900">{section.heading}</h4>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-1 text-sm">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {order.status === "sent" ? (
        <Form method="post" className="mt-4 border-t border-slate-300 pt-4">
          <input type="hidden" name="order" value={order.id} />
          {error ? (
            <p id={`signature-${order.number}-error`} role="alert" className="mb-2 font-semibold text-red-800">
              {error}
            </p>
          ) : null}
          <label htmlFor={`signature-${order.number}`} className="block font-semibold text-navy-900">
            Type your full name to sign
          </label>
          <input
            id={`signature-${order.number}`}
            name="signature"
            autoComplete="name"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `signature-${order.number}-error` : undefined}
            maxLength={120}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-500 px-3 py-2 text-base"
          />
          <label className="mt-3 flex min-h-11 items-start gap-2">
            <input type="checkbox" name="consent" value="yes" className="mt-1 size-5" />
            <span>{document.consent}</span>
          </label>
          <div className="mt-3 flex flex-wrap gap-3">
            <button
              type="submit"
              name="intent"
              value="accept-change"
              disabled={busy}
              className={buttonClass("primary")}
            >
              Accept this change
            </button>
            <button
              type="submit"
              name="intent"
              value="decline-change"
              disabled={busy}
              className={`${buttonClass("light")} border border-navy-800`}
            >
              Decline this change
            </button>
          </div>
          <p className="mt-2 text-sm text-slate-700">{document.paperCopy}</p>
        </Form>
      ) : null}
    </article>
  );
}
