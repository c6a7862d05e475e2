/**
 * The lead page's site visit: what was offered or booked, a button to cancel it, and the form that
 * proposes one to three times (each a date and a two-hour window between 7 AM and 7 PM, New Jersey
 * time). A plain form: it works without JavaScript, and a refused proposal comes back with each
 * message beside its field and the values as typed.
 */
import { useFetcher } from "react-router";
import type { RefusedAnswer } from "~/forms/change-answer";
import { dangerButton, inputClass, labelClass, primaryButton } from "~/owner/desk-frame";
import { fieldName, MAX_WINDOWS } from "./windows";

interface VisitView {
  status: "proposed" | "confirmed";
  proposedBy: string;
  windows: { when: string; chosen: boolean }[];
}

const errorClass = "mt-1 text-sm font-semibold text-red-800";

function WindowRow({ row, today, refused }: { row: number; today: string; refused?: RefusedAnswer }) {
  const parts = [
    { part: "date", label: "Date", type: "date", extra: { min: today } },
    { part: "start", label: "From", type: "time", extra: { min: "07:00", max: "17:00" } },
    { part: "end", label: "To", type: "time", extra: { min: "09:00", max: "19:00" } },
  ] as const;
  return (
    <fieldset className="rounded-lg border border-slate-300 p-3">
      <legend className="px-1 font-semibold text-navy-900">
        Time {row}
        {row > 1 ? " (optional)" : ""}
      </legend>
      <div className="grid gap-3 sm:grid-cols-3">
        {parts.map(({ part, label, type, extra }) => {
          const name = fieldName(row, part);
          const error = refused?.errors[name];
          const errorId = `${name}-error`;
          return (
            <div key={part}>
              <label htmlFor={name} className={labelClass}>
                {label}
              </label>
              <input
                id={name}
                name={name}
                type={type}
                required={row === 1}
                defaultValue={refused?.values[name] ?? ""}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                className={inputClass}
                {...extra}
              />
              {error ? (
                <p id={errorId} className={errorClass}>
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function VisitSection({
  visit,
  today,
  busy,
  action,
  refused,
}: {
  visit: VisitView | null;
  today: string;
  busy: boolean;
  /** The visit's forms route: the forms post there, through its fetcher once the script runs. */
  action: string;
  /** The proposal's refusal, when that is the page's answer. */
  refused?: RefusedAnswer;
}) {
  const { Form } = useFetcher({ key: action });
  const rows = Array.from({ length: MAX_WINDOWS }, (_, i) => i + 1);
  return (
    <section aria-labelledby="visit-heading" className="mt-6">
      <h2 id="visit-heading" className="text-lg font-bold text-navy-900">
        Site visit
      </h2>
      {visit ? (
        <div className="mt-2 rounded-lg border border-slate-300 bg-white p-3" data-testid="visit">
          {visit.status === "confirmed" ? (
            <p>
              <strong>Booked:</strong> {visit.windows.find((w) => w.chosen)?.when} (New Jersey time)
            </p>
          ) : (
            <>
              <p>
                <strong>Offered, waiting for the homeowner to choose:</strong>
              </p>
              <ul className="ml-5 list-disc">
                {visit.windows.map((w) => (
                  <li key={w.when}>{w.when}</li>
                ))}
              </ul>
            </>
          )}
          <p className="mt-1 text-sm text-slate-700">Proposed by {visit.proposedBy}</p>
          <Form method="post" action={action} className="mt-2">
            <input type="hidden" name="intent" value="cancel-visit" />
            <button type="submit" disabled={busy} className={dangerButton}>
              Cancel the visit
            </button>
          </Form>
        </div>
      ) : null}
      {/* New times offered empty the fields (a new key); after a refusal they keep what was typed. */}
      <Form
        method="post"
        action={action}
        className="mt-3 space-y-3"
        key={visit ? visit.windows.map((w) => w.when).join("|") : "none"}
        noValidate
      >
        <input type="hidden" name="intent" value="propose-visit" />
        <p className="text-sm">
          {visit ? "Propose other times: they replace the visit above. " : ""}
          Up to {MAX_WINDOWS} times, each a 2-hour window between 7 AM and 7 PM, New Jersey time. The homeowner gets an
          email with one link per time and confirms one.
        </p>
        {rows.map((row) => (
          <WindowRow key={row} row={row} today={today} refused={refused} />
        ))}
        <button type="submit" disabled={busy} className={primaryButton}>
          {visit ? "Propose new times" : "Propose the visit"}
        </button>
      </Form>
    </section>
  );
}
