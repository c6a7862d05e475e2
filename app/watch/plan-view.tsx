/**
 * The homeowner's home watch plan: the document itself (the same lines as its PDF), and the
 * signature form. Works without JavaScript; printing leaves only the document.
 */
import { Form } from "react-router";
import type { PaperDocument } from "~/paperwork/document";
import { buttonClass } from "~/ui/button";
import { SignatureFields } from "~/ui/signature-fields";

function Lines({ lines }: { lines: string[] }) {
  return (
    <>
      {lines.map((line) => (
        <span key={line} className="block break-words">
          {line}
        </span>
      ))}
    </>
  );
}

export function PlanDocumentView({ document }: { document: PaperDocument }) {
  return (
    <div className="text-base text-ink">
      <h1 className="text-2xl font-bold text-navy-900 sm:text-3xl">{document.title}</h1>
      <p className="text-slate-700">{document.reference}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <div>
          <h2 className="font-bold text-navy-900">Contractor</h2>
          <p>
            <Lines lines={document.contractor} />
          </p>
        </div>
        <div>
          <h2 className="font-bold text-navy-900">Homeowner</h2>
          <p>
            <Lines lines={document.homeowner} />
          </p>
        </div>
      </div>
      <p className="mt-3">
        <Lines lines={document.dates} />
      </p>
      <h2 className="mt-6 text-xl font-bold text-navy-900">Prices</h2>
      <ul className="mt-2 divide-y divide-slate-200 border-y border-slate-300">
        {document.items.map((item) => (
          <li key={item.position} className="flex flex-wrap justify-between gap-x-4 gap-y-1 py-3 break-inside-avoid">
            <span className="min-w-0 flex-1">
              <span className="font-semibold break-words">{item.description}</span>
              <span className="block text-sm text-slate-700">
                {item.unitPrice} {item.quantity}
              </span>
            </span>
            <span className="font-semibold tabular-nums">{item.amount}</span>
          </li>
        ))}
      </ul>
      {document.totals.map((total) => (
        <p key={total.label} className="mt-2 flex justify-between gap-4 font-bold text-navy-900">
          <span>{total.label}</span>
          <span className="tabular-nums">{total.amount}</span>
        </p>
      ))}
      {document.sections.map((section) => (
        <section key={section.heading} className="mt-6 break-inside-avoid">
          <h2 className="text-xl font-bold text-navy-900">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 break-words">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
    </div>
  );
}

export function PlanAcceptForm({ document, error, busy }: { document: PaperDocument; error?: string; busy: boolean }) {
  return (
    <Form method="post" className="mt-8 space-y-4 rounded-lg border border-slate-400 bg-white p-4 print:hidden">
      <h2 className="text-xl font-bold text-navy-900">Accept this plan</h2>
      {error ? (
        <p role="alert" className="font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <SignatureFields consent={document.consent} paperCopy={document.paperCopy} />
      <button type="submit" name="intent" value="accept" disabled={busy} className={buttonClass("secondary")}>
        Accept this plan
      </button>
    </Form>
  );
}

/**
 * 'End my plan': the plan may be ended at any time, so the page offers it, behind a tick so a
 * stray tap ends nothing.
 */
export function EndPlanForm({ error, busy }: { error?: string; busy: boolean }) {
  return (
    <Form method="post" className="mb-8 rounded-lg border border-slate-400 bg-white p-4 print:hidden">
      <h2 className="text-xl font-bold text-navy-900">End your plan</h2>
      <p className="mt-1">
        You may end your plan at any time. No further visit is made, we delete the lockbox and alarm codes we hold, and
        you pay only for the visits already made.
      </p>
      {error ? (
        <p id="end-error" role="alert" className="mt-2 font-semibold text-red-800">
          {error}
        </p>
      ) : null}
      <p className="mt-3 flex items-start gap-2">
        <input
          id="end-confirm"
          type="checkbox"
          name="confirm"
          value="yes"
          className="mt-1 h-5 w-5"
          aria-describedby={error ? "end-error" : undefined}
        />
        <label htmlFor="end-confirm">I want to end my home watch plan.</label>
      </p>
      <button type="submit" name="intent" value="end" disabled={busy} className={`${buttonClass("secondary")} mt-3`}>
        End my plan
      </button>
    </Form>
  );
}
