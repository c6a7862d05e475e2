/**
 * The desk's 'Storm check' form: the towns the storm hit (the island's, north to south, and any
 * other town a plan is in) and the day and time every house there is to be checked by.
 */
import { Form } from "react-router";
import type { FieldMessages } from "~/forms/change-answer";
import { DeskInput, fieldErrorClass, hintClass } from "~/owner/desk-field";
import { primaryButton } from "~/owner/desk-frame";

export function StormForm({
  towns,
  values,
  errors,
  busy,
}: {
  towns: readonly { name: string; houses: number }[];
  values: { towns: string[]; day: string; time: string };
  errors: FieldMessages;
  busy: boolean;
}) {
  return (
    <Form method="post" className="mt-3 max-w-xl space-y-4 rounded-lg border border-slate-300 bg-white p-3">
      <fieldset aria-describedby={errors.towns ? "storm-towns-error" : "storm-towns-hint"}>
        <legend className="mb-1 block text-sm font-semibold text-navy-900">Towns the storm hit</legend>
        <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
          {towns.map((town) => (
            <label key={town.name} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                name="town"
                value={town.name}
                defaultChecked={values.towns.includes(town.name)}
                className="size-5"
              />
              <span>
                {town.name}
                <span className="text-sm text-slate-700">
                  {" "}
                  ({town.houses} {town.houses === 1 ? "house" : "houses"})
                </span>
              </span>
            </label>
          ))}
        </div>
        <p id="storm-towns-hint" className={hintClass}>
          Every running plan in these towns gets one more visit, and its homeowner an email saying by when.
        </p>
        {errors.towns ? (
          <p id="storm-towns-error" className={fieldErrorClass}>
            {errors.towns}
          </p>
        ) : null}
      </fieldset>
      <DeskInput
        id="storm-day"
        label="Checked by: day"
        name="day"
        type="date"
        defaultValue={values.day}
        error={errors.day}
      />
      <DeskInput
        id="storm-time"
        label="Checked by: time"
        name="time"
        type="time"
        defaultValue={values.time}
        error={errors.time}
      />
      <button type="submit" name="intent" value="storm" disabled={busy} className={primaryButton}>
        Call a storm check
      </button>
    </Form>
  );
}
