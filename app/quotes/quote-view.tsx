/**
 * The homeowner's quote: the document itself (the same lines as the PDF), the optional items to
 * tick with the total following, and the signature form. Without JavaScript the ticks are sent
 * with 'Update the total'; with it, the total follows each tick. Printing leaves only the document.
 */
import { useState } from "react";
import { Form } from "react-router";
import { buttonClass } from "~/ui/button";
import { SignatureFields } from "~/ui/signature-fields";
import { formatCents } from "~/paperwork/money";
import { totalsOf, type PricedContent } from "./quote-content";
import type { PaperDocument } from "~/paperwork/document";

const printHidden = "print:hidden";

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </>
  );
}

export function QuoteDocumentView({
  document,
  content,
  chosen,
  onToggle,
  selectable,
}: {
  document: PaperDocument;
  content: PricedContent;
  chosen: ReadonlySet<number>;
  onToggle?: (position: number, on: boolean) => void;
  selectable: boolean;
}) {
  const totals = totalsOf(content, chosen);
  return (
    <div data-quote-document className="text-base text-ink">
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{document.title}</h1>
      <p className="text-slate-700">{document.reference}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <h2 className="font-bold text-navy-900">Contractor</h2>
          <p className="break-words">
            <Lines lines={document.contractor} />
          </p>
        </div>
        <div>
          <h2 className="font-bold text-navy-900">Homeowner</h2>
          <p className="break-words">
            <Lines lines={document.homeowner} />
          </p>
        </div>
      </div>
      <p className="mt-3">
        <Lines lines={document.dates} />
      </p>
      <h2 className="mt-6 text-xl font-bold text-navy-900">Items</h2>
      <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-300">
        {document.items.map((item) => {
          const included = !item.optional || chosen.has(item.position);
          return (
            <li
              key={item.position}
              className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 py-3 break-inside-avoid"
            >
              <div className="min-w-0 flex-1">
                {item.optional && selectable ? (
                  <label className="flex min-h-11 items-start gap-3">
                    <input
                      type="checkbox"
                      name={`item-${item.position}`}
                      value="yes"
                      form="quote-form"
                      checked={included}
                      onChange={(event) => onToggle?.(item.position, event.target.checked)}
                      className="mt-1 size-5 shrink-0"
                    />
                    <span>
                      <span className="font-semibold break-words">{item.description}</span>
                      <span className="block text-sm text-slate-700">Optional: tick to include it</span>
                    </span>
                  </label>
                ) : (
                  <>
                    <span className="font-semibold break-words">{item.description}</span>
                    {item.optional ? (
                      <span className="block text-sm text-slate-700">
                        Optional: {included ? "included" : "not included"}
                      </span>
                    ) : null}
                  </>
                )}
                <span className="block text-sm text-slate-700">
                  {item.quantity} × {item.unitPrice}
                </span>
              </div>
              <span className={`font-semibold tabular-nums ${included ? "" : "text-slate-600 line-through"}`}>
                {item.amount}
              </span>
            </li>
          );
        })}
      </ul>
      <dl className="mt-3 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
        <dt>Subtotal</dt>
        <dd className="text-right">{formatCents(totals.subtotalCents)}</dd>
        <dt>{document.totals[1]?.label}</dt>
        <dd className="text-right">{formatCents(totals.taxCents)}</dd>
        <dt className="text-lg font-bold text-navy-900">Total price</dt>
        <dd className="text-right text-lg font-bold text-navy-900" aria-live="polite" data-testid="total">
          {formatCents(totals.totalCents)}
        </dd>
      </dl>
      <p className="mt-1 text-right text-sm text-slate-700">No finance charges.</p>
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-6 break-inside-avoid">
          <h2 className="text-xl font-bold text-navy-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className={`mt-2 break-words whitespace-pre-line ${section.bold ? "font-bold" : ""}`}>
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}

export function AcceptForm({
  document,
  content,
  initialChosen,
  error,
  busy,
}: {
  document: PaperDocument;
  content: PricedContent;
  initialChosen: number[];
  error?: string;
  busy: boolean;
}) {
  const [chosen, setChosen] = useState(() => new Set(initialChosen));
  const toggle = (position: number, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(position);
      else next.delete(position);
      return next;
    });
  const hasOptional = content.items.some((item) => item.optional);
  return (
    <>
      <QuoteDocumentView document={document} content={content} chosen={chosen} onToggle={toggle} selectable />
      <Form
        id="quote-form"
        method="post"
        className={`mt-8 space-y-4 rounded-lg border border-slate-400 bg-white p-4 ${printHidden}`}
      >
        <h2 className="text-xl font-bold text-navy-900">Accept this quote</h2>
        {hasOptional ? (
          <button
            type="submit"
            name="intent"
            value="update"
            formNoValidate
            className="min-h-11 font-semibold text-sea-600 underline"
          >
            Update the total with the items ticked
          </button>
        ) : null}
        {error ? (
          <p role="alert" className="font-semibold text-red-800">
            {error}
          </p>
        ) : null}
        <SignatureFields consent={document.consent} paperCopy={document.paperCopy} />
        <button type="submit" name="intent" value="accept" disabled={busy} className={buttonClass("secondary")}>
          Accept this quote
        </button>
      </Form>
    </>
  );
}
