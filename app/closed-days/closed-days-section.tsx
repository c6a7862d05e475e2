/**
 * The desk's closed days: the ones ahead, each with 'Remove', and the form for another. A closed day
 * shows on every public page's hours ("Closed today: Thanksgiving"), in the home page's structured
 * data, and stops the business-hours clocks (reminders, the digest, the waiting time).
 */
import { useFetcher } from "react-router";
import { DeskField } from "~/owner/desk-field";
import { dangerButton, inputClass, primaryButton } from "~/owner/desk-frame";
import {
  CLOSED_LABEL_MAX_LENGTH,
  formatClosedRange,
  type ClosedDayErrors,
  type ClosedDayInput,
} from "./closed-day-rules";

export interface ClosedDayView {
  id: string;
  firstDay: string;
  lastDay: string;
  label: string;
}

export function ClosedDaysSection({
  action,
  days,
  today,
  values,
  errors,
  busy,
}: {
  /** The closed days' forms route: the forms post there, through its fetcher once the script runs. */
  action: string;
  days: readonly ClosedDayView[];
  today: string;
  values: ClosedDayInput;
  errors: ClosedDayErrors;
  busy: boolean;
}) {
  const { Form } = useFetcher({ key: action });
  return (
    <section aria-labelledby="closed-days-heading" className="mt-8">
      <h2 id="closed-days-heading" className="text-lg font-bold text-navy-900">
        Closed days
      </h2>
      {days.length === 0 ? (
        <p className="mt-2">No closed days ahead.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white">
          {days.map((day) => (
            <li key={day.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <span className="font-semibold">{day.label}</span>
                <span className="block text-sm text-slate-700">{formatClosedRange(day.firstDay, day.lastDay)}</span>
              </span>
              <Form method="post" action={action}>
                <input type="hidden" name="closedDay" value={day.id} />
                <button
                  type="submit"
                  name="intent"
                  value="remove-closed-day"
                  disabled={busy}
                  className={dangerButton}
                  aria-label={`Remove closed day ${day.label}`}
                >
                  Remove
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" action={action} className="mt-4 space-y-4">
        <h3 className="font-semibold text-navy-900">Closed day</h3>
        <div className="grid gap-4 sm:grid-cols-3">
          <DeskField id="closed-first" label="Date" error={errors.firstDay}>
            {(control) => (
              <input
                {...control}
                name="firstDay"
                type="date"
                min={today}
                required
                defaultValue={values.firstDay}
                className={inputClass}
              />
            )}
          </DeskField>
          <DeskField id="closed-last" label="Until (optional)" hint="For a range of days." error={errors.lastDay}>
            {(control) => (
              <input
                {...control}
                name="lastDay"
                type="date"
                min={today}
                defaultValue={values.lastDay}
                className={inputClass}
              />
            )}
          </DeskField>
          <DeskField id="closed-label" label="Label" hint="For example Thanksgiving." error={errors.label}>
            {(control) => (
              <input
                {...control}
                name="label"
                required
                maxLength={CLOSED_LABEL_MAX_LENGTH}
                defaultValue={values.label}
                className={inputClass}
              />
            )}
          </DeskField>
        </div>
        <button type="submit" name="intent" value="add-closed-day" disabled={busy} className={primaryButton}>
          Add closed day
        </button>
      </Form>
    </section>
  );
}
