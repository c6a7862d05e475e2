/**
 * 'Write a change order' on the desk's job page: rows of items added to the work or taken out of
 * it (read by the quote editor's rules), 'Reason', and a new completion date when it moves. Sent
 * as one plain form; the homeowner signs it on their job page.
 */
import type { FieldMessages } from "~/forms/change-answer";
import { Form } from "react-router";
import { DeskField, DeskInput, DeskTextarea } from "~/owner/desk-field";
import { inputClass, primaryButton } from "~/owner/desk-frame";
import { REASON_MAX } from "./job-rules";

/** The rows the form shows; the server reads up to CHANGE_ITEMS_MAX. */
const ROWS = 4;

export interface ChangeOrderFormAnswer {
  errors: FieldMessages;
  values: Record<string, string>;
}

export function ChangeOrderForm({ busy, answer }: { busy: boolean; answer: ChangeOrderFormAnswer | undefined }) {
  const errors = answer?.errors ?? {};
  const value = (name: string) => answer?.values[name] ?? "";
  // A plain function rather than a component: a component made during render would be a new type
  // each time, and React would replace its input (and the focus in it) on every render.
  const itemInput = (
    row: number,
    field: string,
    input: { label: string; inputMode?: "decimal"; placeholder?: string },
  ) => (
    <DeskInput
      id={`item-${row}-${field}`}
      name={`item-${row}-${field}`}
      error={errors[`item-${row}-${field}`]}
      defaultValue={value(`item-${row}-${field}`)}
      {...input}
    />
  );
  return (
    <Form method="post" className="mt-3 space-y-4">
      {errors.items ? (
        <p role="alert" className="font-semibold text-red-800">
          {errors.items}
        </p>
      ) : null}
      {Array.from({ length: ROWS }, (_, row) => (
        <fieldset key={row} className="grid gap-3 rounded-lg border border-slate-300 p-3 sm:grid-cols-4">
          <legend className="px-1 font-semibold text-navy-900">Item {row + 1}</legend>
          <DeskField id={`item-${row}-removes`} label="Adds or takes out">
            {(control) => (
              <select
                {...control}
                name={`item-${row}-removes`}
                defaultValue={value(`item-${row}-removes`) || "no"}
                className={inputClass}
              >
                <option value="no">Adds work</option>
                <option value="yes">Takes work out</option>
              </select>
            )}
          </DeskField>
          <div className="sm:col-span-3">{itemInput(row, "description", { label: "Description" })}</div>
          {itemInput(row, "quantity", { label: "Quantity", inputMode: "decimal", placeholder: "1" })}
          {itemInput(row, "unit", { label: "Unit" })}
          {itemInput(row, "price", { label: "Unit price ($)", inputMode: "decimal" })}
        </fieldset>
      ))}
      <DeskTextarea
        id="change-reason"
        label="Reason"
        hint="The homeowner reads this before signing."
        error={errors.reason}
        name="reason"
        rows={2}
        maxLength={REASON_MAX}
        defaultValue={value("reason")}
      />
      <DeskInput
        id="change-completion"
        label="New completion date"
        hint="Only if the change moves it."
        error={errors.completionDay}
        type="date"
        name="completionDay"
        defaultValue={value("completionDay")}
      />
      <DeskField id="change-payment" label="Payment" hint="Work taken out always comes off the final payment.">
        {(control) => (
          <select {...control} name="payment" defaultValue={value("payment") || "with-final"} className={inputClass}>
            <option value="with-final">Added to the final payment</option>
            <option value="when-signed">Invoiced on its own once signed</option>
          </select>
        )}
      </DeskField>
      <button type="submit" name="intent" value="change-order" disabled={busy} className={primaryButton}>
        Send change order
      </button>
    </Form>
  );
}
