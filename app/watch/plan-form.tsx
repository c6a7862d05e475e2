/**
 * The desk's plan form, one column at a phone's width: the homeowner, the house, the season and
 * how often, the prices, the access notes and the checklist, one item per line. 'Save' keeps it;
 * 'Save and send' also sends the plan to the homeowner. An accepted plan shows its signed terms
 * as they are and changes only the phone, the access notes and the checklist.
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import type { FieldMessages } from "~/forms/change-answer";
import { DeskField, DeskInput, DeskTextarea, hintClass } from "~/owner/desk-field";
import { inputClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { AREA_LABELS, AREAS, ITEM_MAX } from "./checklist";
import { ACCESS_MAX, FREQUENCY_LABELS, NO_MONTHLY, weekdayName, type PlanValues } from "./watch-rules";

function Card({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-4 rounded-lg border border-slate-300 bg-white p-3">
      <h2 id={id} className="text-lg font-bold text-navy-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function PlanForm({
  values,
  errors,
  busy,
  signed,
  towns,
  townWarning,
}: {
  values: PlanValues;
  errors: FieldMessages;
  busy: boolean;
  /** Accepted: the signed terms are shown read-only. */
  signed: boolean;
  towns: readonly string[];
  townWarning?: string;
}) {
  const fixed = signed ? { readOnly: true, "aria-readonly": true } : {};
  return (
    <Form method="post" className="mt-4 max-w-xl space-y-4" noValidate>
      <Card id="plan-homeowner" title="Homeowner">
        <DeskInput
          id="plan-name"
          label="Name"
          name="name"
          defaultValue={values.name}
          error={errors.name}
          maxLength={120}
          autoComplete="off"
          {...fixed}
        />
        <DeskInput
          id="plan-email"
          label="Email"
          name="email"
          type="email"
          defaultValue={values.email}
          error={errors.email}
          maxLength={254}
          autoComplete="off"
          {...fixed}
        />
        <DeskInput
          id="plan-phone"
          label="Phone"
          name="phone"
          type="tel"
          defaultValue={values.phone}
          error={errors.phone}
          maxLength={40}
          autoComplete="off"
        />
      </Card>
      <Card id="plan-house" title="House">
        <DeskInput
          id="plan-address"
          label="Address"
          name="address"
          defaultValue={values.address}
          error={errors.address}
          maxLength={300}
          autoComplete="off"
          {...fixed}
        />
        <DeskInput
          id="plan-town"
          label="Town"
          name="town"
          list="plan-towns"
          defaultValue={values.town}
          error={errors.town}
          hint={townWarning}
          maxLength={80}
          autoComplete="off"
        />
        <datalist id="plan-towns">
          {towns.map((town) => (
            <option key={town} value={town} />
          ))}
        </datalist>
      </Card>
      <Card id="plan-season" title="Season and visits">
        <DeskInput
          id="plan-start"
          label="First day"
          name="seasonStart"
          type="date"
          defaultValue={values.seasonStart}
          error={errors.seasonStart}
          {...fixed}
        />
        <DeskInput
          id="plan-end"
          label="Last day"
          name="seasonEnd"
          type="date"
          defaultValue={values.seasonEnd}
          error={errors.seasonEnd}
          {...fixed}
        />
        <fieldset aria-describedby="plan-frequency-why">
          <legend className="mb-1 block text-sm font-semibold text-navy-900">How often</legend>
          {(["weekly", "fortnightly"] as const).map((f) => (
            <label key={f} className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="frequency"
                value={f}
                defaultChecked={values.frequency === f}
                disabled={signed && values.frequency !== f}
                className="size-5"
              />
              {FREQUENCY_LABELS[f]}
            </label>
          ))}
          <p id="plan-frequency-why" className={hintClass}>
            {NO_MONTHLY}
          </p>
          {errors.frequency ? <p className="mt-1 text-sm font-semibold text-red-800">{errors.frequency}</p> : null}
        </fieldset>
        <DeskField id="plan-weekday" label="Day of the visit" error={errors.weekday}>
          {(control) => (
            <select {...control} name="weekday" defaultValue={values.weekday} className={inputClass}>
              {[1, 2, 3, 4, 5, 6, 0].map((d) => (
                <option key={d} value={String(d)} disabled={signed && values.weekday !== String(d)}>
                  {weekdayName(d)}
                </option>
              ))}
            </select>
          )}
        </DeskField>
      </Card>
      <Card id="plan-price" title="Price">
        <DeskInput
          id="plan-visit-price"
          label="Each visit ($)"
          name="price"
          inputMode="decimal"
          defaultValue={values.price}
          error={errors.price}
          maxLength={12}
          {...fixed}
        />
        <DeskInput
          id="plan-storm-price"
          label="Each storm check ($)"
          name="stormPrice"
          inputMode="decimal"
          defaultValue={values.stormPrice}
          error={errors.stormPrice}
          hint="A visit added after a storm, on top of the regular ones."
          maxLength={12}
          {...fixed}
        />
      </Card>
      <Card id="plan-access" title="Access notes">
        <DeskTextarea
          id="plan-access-notes"
          label="Lockbox, alarm code, shut-offs"
          name="access"
          rows={3}
          defaultValue={values.access}
          error={errors.access}
          maxLength={ACCESS_MAX}
          autoComplete="off"
          spellCheck={false}
          hint="Shown only to you, here and on the visit screen. Never in an email, a report, the homeowner's page or an export; deleted when the plan ends."
        />
      </Card>
      <Card id="plan-checklist" title="Checklist">
        <p className={hintClass}>
          One item per line, at most {ITEM_MAX} characters each. Every visit marks each one OK, Issue or Not checked.
        </p>
        {AREAS.map((area) => (
          <DeskTextarea
            key={area}
            id={`plan-${area}`}
            label={AREA_LABELS[area]}
            name={area}
            rows={8}
            defaultValue={values[area]}
            error={errors[area]}
          />
        ))}
      </Card>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="save" disabled={busy} className={secondaryButton}>
          Save
        </button>
        {signed ? null : (
          <button type="submit" name="intent" value="send" disabled={busy} className={primaryButton}>
            Save and send to the homeowner
          </button>
        )}
      </div>
    </Form>
  );
}
