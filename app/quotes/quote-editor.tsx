/**
 * The desk's quote editor: line items (description, quantity, unit, unit price, optional), the job
 * in words, its dates and 'Valid until', then 'Save draft' or 'Send quote'. A plain form that works
 * without JavaScript; the server computes every amount again and names what a send still lacks.
 */
import { Form } from "react-router";
import { DeskField, fieldErrorClass, hintClass } from "~/owner/desk-field";
import { inputClass, labelClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import type { FieldMessages } from "~/forms/change-answer";
import { MAX_ITEMS, type QuoteFormValues } from "./quote-content";

const BLANK_ROW = { description: "", quantity: "", unit: "", price: "", optional: false };

/** The rows shown: those filled in, and three empty ones for more, up to the limit. */
export function editorRows(values: QuoteFormValues) {
  const filled = values.items.filter((row) => row.description || row.price || row.quantity || row.unit);
  const count = Math.min(MAX_ITEMS, Math.max(filled.length + 3, 4));
  return Array.from({ length: count }, (_, index) => filled[index] ?? BLANK_ROW);
}

function ItemRow({ row, index, errors }: { row: typeof BLANK_ROW; index: number; errors: FieldMessages }) {
  const id = (field: string) => `item-${index}-${field}`;
  const cell = (field: string, label: string, value: string, extra: { inputMode?: "decimal"; wide?: boolean } = {}) => (
    <div className={extra.wide ? "col-span-2 sm:col-span-4" : ""}>
      <label htmlFor={id(field)} className={labelClass}>
        {label}
      </label>
      <input
        id={id(field)}
        name={id(field)}
        defaultValue={value}
        inputMode={extra.inputMode}
        aria-invalid={errors[id(field)] ? true : undefined}
        aria-describedby={errors[id(field)] ? `${id(field)}-error` : undefined}
        className={inputClass}
      />
      {errors[id(field)] ? (
        <p id={`${id(field)}-error`} className={fieldErrorClass}>
          {errors[id(field)]}
        </p>
      ) : null}
    </div>
  );
  return (
    <fieldset className="grid grid-cols-2 gap-2 rounded-lg border border-slate-300 bg-white p-3 sm:grid-cols-4">
      <legend className="px-1 text-sm font-semibold text-navy-900">Item {index + 1}</legend>
      {cell("description", "Description", row.description, { wide: true })}
      {cell("quantity", "Quantity", row.quantity, { inputMode: "decimal" })}
      {cell("unit", "Unit", row.unit)}
      {cell("price", "Unit price ($)", row.price, { inputMode: "decimal" })}
      <label className="col-span-2 flex min-h-11 items-center gap-2 sm:col-span-1">
        <input type="checkbox" name={id("optional")} value="yes" defaultChecked={row.optional} className="size-5" />
        Optional (the homeowner may tick it)
      </label>
    </fieldset>
  );
}

export function QuoteEditor({
  values,
  errors,
  busy,
  sentVersion,
}: {
  values: QuoteFormValues;
  errors: FieldMessages;
  busy: boolean;
  /** The version the homeowner has: saving a change starts the next one. */
  sentVersion: number | null;
}) {
  const field = (name: "work" | "materials" | "securityInterest", label: string, hint?: string) => (
    <DeskField id={name} label={label} hint={hint} error={errors[name]}>
      {(control) => <textarea {...control} name={name} rows={4} defaultValue={values[name]} className={inputClass} />}
    </DeskField>
  );
  const day = (name: "startDay" | "completionDay" | "validUntil", label: string) => (
    <DeskField id={name} label={label} error={errors[name]}>
      {(control) => <input {...control} type="date" name={name} defaultValue={values[name]} className={inputClass} />}
    </DeskField>
  );
  return (
    <Form method="post" className="mt-4 space-y-4">
      {sentVersion !== null ? (
        <p className={hintClass}>
          Version {sentVersion} was sent. Saving a change makes version {sentVersion + 1}; sending it replaces the one
          the homeowner has, and their old link leads to the new one.
        </p>
      ) : null}
      <h2 className="text-lg font-bold text-navy-900">Line items</h2>
      {errors.items ? <p className={fieldErrorClass}>{errors.items}</p> : null}
      {editorRows(values).map((row, index) => (
        <ItemRow key={index} row={row} index={index} errors={errors} />
      ))}
      <DeskField
        id="taxRate"
        label="Sales tax (%)"
        hint="0 when the work is exempt, e.g. a capital improvement."
        error={errors.taxRate}
      >
        {(control) => (
          <input {...control} name="taxRate" inputMode="decimal" defaultValue={values.taxRate} className={inputClass} />
        )}
      </DeskField>
      <h2 className="text-lg font-bold text-navy-900">The job</h2>
      {field("work", "The work", "What you will do, in words the homeowner understands.")}
      {field("materials", "Principal products and materials", "Brands, models, species and grades.")}
      <div className="grid gap-4 sm:grid-cols-3">
        {day("startDay", "Start date")}
        {day("completionDay", "Completion date")}
        {day("validUntil", "Valid until")}
      </div>
      {field(
        "securityInterest",
        "Security interest (leave empty for none)",
        "Only if you take a lien or mortgage for this work.",
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" name="intent" value="save" disabled={busy} className={secondaryButton}>
          Save draft
        </button>
        <button type="submit" name="intent" value="send" disabled={busy} className={primaryButton}>
          Send quote
        </button>
      </div>
    </Form>
  );
}
