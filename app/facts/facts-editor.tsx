/**
 * The business facts form on the desk: contact, the regular week, special hours, the home watch
 * towns, the social links, the figures and claims the copy quotes, and the registration number,
 * ending in one 'Publish'. Laid out for a phone first: each day is one row of a kind and two times,
 * and the times show only for a day that is open. Without JavaScript every field shows and posts,
 * and the server reads them the same way.
 */
import { useState, type ComponentProps } from "react";
import { Form } from "react-router";
import { WEEK, type DayName } from "~/content/business-facts";
import { DeskField, DeskInput, DeskTextarea, fieldErrorClass, hintClass } from "~/owner/desk-field";
import { inputClass, primaryButton } from "~/owner/desk-frame";
import { useScripted } from "~/ui/scripted";
import { FACT_LIMITS } from "./facts-rules";
import { FIGURE_FIELDS, rangeSlots, type FormValues } from "./facts-form";

export type FactsErrors = Partial<Record<string, string>>;

const idOf = (name: string) => `fact-${name.replace(/\./g, "-")}`;

const sectionHeading = "text-base font-bold text-navy-900";

function TimeField({
  name,
  label,
  words,
  shown,
  values,
}: {
  name: string;
  label: string;
  words: string;
  shown: boolean;
  values: FormValues;
}) {
  return (
    <label className={shown ? "w-28" : "hidden"}>
      <span className="text-sm">{words}</span>
      <input type="time" name={name} defaultValue={values[name]} className={inputClass} aria-label={label} />
    </label>
  );
}

function DayRow({
  prefix,
  day,
  values,
  errors,
  kinds,
}: {
  prefix: string;
  day: DayName;
  values: FormValues;
  errors: FactsErrors;
  kinds: readonly { value: string; label: string }[];
}) {
  const [kind, setKind] = useState(values[`${prefix}${day}.kind`] ?? "closed");
  const error = errors[`${prefix}${day}`];
  // Without the script every time shows: a day switched to Open must have its times to fill in.
  const scripted = useScripted();
  const open = kind === "open" || !scripted;
  return (
    <fieldset className="rounded-lg border border-slate-300 p-3">
      <legend className="px-1 text-sm font-semibold text-navy-900">{day}</legend>
      <div className="flex flex-wrap items-end gap-3">
        <label className="min-w-36 flex-1">
          <span className="sr-only">{`${day}: open, by appointment or closed`}</span>
          <select
            name={`${prefix}${day}.kind`}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value)}
            className={inputClass}
            aria-invalid={error ? true : undefined}
          >
            {kinds.map((k) => (
              <option key={k.value} value={k.value}>
                {k.label}
              </option>
            ))}
          </select>
        </label>
        {/* Hidden rather than removed while not open: what was typed comes back if it opens again. */}
        <TimeField name={`${prefix}${day}.opens`} label={`${day} opens`} words="Opens" shown={open} values={values} />
        <TimeField
          name={`${prefix}${day}.closes`}
          label={`${day} closes`}
          words="Closes"
          shown={open}
          values={values}
        />
      </div>
      {error ? <p className={fieldErrorClass}>{error}</p> : null}
    </fieldset>
  );
}

const REGULAR_KINDS = [
  { value: "open", label: "Open" },
  { value: "appointment", label: "By appointment" },
  { value: "closed", label: "Closed" },
] as const;

function Week({ prefix, values, errors }: { prefix: string; values: FormValues; errors: FactsErrors }) {
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-2">
      {WEEK.map((day) => (
        <DayRow key={day} prefix={prefix} day={day} values={values} errors={errors} kinds={REGULAR_KINDS} />
      ))}
    </div>
  );
}

function SpecialRange({
  slot,
  values,
  errors,
  isNew,
}: {
  slot: number;
  values: FormValues;
  errors: FactsErrors;
  isNew: boolean;
}) {
  const key = `special.${slot}`;
  const [kind, setKind] = useState(values[`${key}.kind`] ?? "closed");
  const scripted = useScripted();
  return (
    <fieldset className="mt-3 rounded-lg border border-slate-400 p-3">
      <legend className="px-1 font-semibold text-navy-900">
        {isNew ? "Add special hours" : values[`${key}.name`] || "Special hours"}
      </legend>
      <div className="space-y-3">
        <DeskInput
          id={idOf(`${key}.name`)}
          name={`${key}.name`}
          label="Name"
          hint={isNew ? "Such as Winter hours, or Christmas. Leave empty to add none." : undefined}
          maxLength={FACT_LIMITS.line}
          defaultValue={values[`${key}.name`]}
          error={errors[`${key}.name`]}
        />
        <div className="grid grid-cols-2 gap-3">
          <DeskInput
            id={idOf(`${key}.firstDay`)}
            name={`${key}.firstDay`}
            label="First day"
            type="date"
            defaultValue={values[`${key}.firstDay`]}
            error={errors[`${key}.firstDay`]}
          />
          <DeskInput
            id={idOf(`${key}.lastDay`)}
            name={`${key}.lastDay`}
            label="Last day"
            type="date"
            defaultValue={values[`${key}.lastDay`]}
            error={errors[`${key}.lastDay`]}
          />
        </div>
        <DeskField id={idOf(`${key}.kind`)} label="On these days">
          {(control) => (
            <select
              {...control}
              name={`${key}.kind`}
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value)}
              className={inputClass}
            >
              <option value="closed">Closed every day</option>
              <option value="hours">Other hours</option>
            </select>
          )}
        </DeskField>
        <div className={kind === "hours" || !scripted ? "" : "hidden"}>
          <Week prefix={`${key}.hours.`} values={values} errors={errors} />
        </div>
        {isNew ? null : (
          <label className="flex min-h-11 items-center gap-2">
            <input type="checkbox" name={`${key}.remove`} defaultChecked={values[`${key}.remove`] === "on"} />
            Remove these special hours
          </label>
        )}
      </div>
    </fieldset>
  );
}

type InputExtras = Partial<Omit<ComponentProps<typeof DeskInput>, "id" | "name" | "label">>;

export function FactsEditor({ values, errors, busy }: { values: FormValues; errors: FactsErrors; busy: boolean }) {
  const slots = rangeSlots(values);
  const last = slots.at(-1);
  const text = (name: string, label: string, extra: InputExtras = {}) => (
    <DeskInput
      id={idOf(name)}
      name={name}
      label={label}
      defaultValue={values[name]}
      error={errors[name]}
      maxLength={FACT_LIMITS.line}
      required
      {...extra}
    />
  );
  return (
    <Form method="post" className="mt-4 space-y-8" aria-describedby={errors.form ? "facts-form-error" : undefined}>
      <input type="hidden" name="basedOn" value={values.basedOn} />
      {errors.form ? (
        <p id="facts-form-error" className={fieldErrorClass} role="alert">
          {errors.form}
        </p>
      ) : null}
      <section aria-labelledby="facts-contact" className="space-y-3">
        <h2 id="facts-contact" className={sectionHeading}>
          Phone, email and address
        </h2>
        {text("phone", "Phone", {
          type: "tel",
          inputMode: "tel",
          autoComplete: "tel",
          hint: "The number every Call button dials, such as (609) 555-0142.",
        })}
        {text("email", "Email", { type: "email", inputMode: "email", maxLength: FACT_LIMITS.email })}
        {text("address.street", "Street")}
        <div className="grid grid-cols-[1fr_8rem] gap-3">
          {text("address.locality", "Town")}
          {text("address.postalCode", "ZIP", { inputMode: "numeric", maxLength: 5 })}
        </div>
      </section>
      <section aria-labelledby="facts-hours">
        <h2 id="facts-hours" className={sectionHeading}>
          Regular hours
        </h2>
        <p className={hintClass}>
          Pages, Google&apos;s structured data and the reminder clock use these, except on special days.
        </p>
        <Week prefix="hours." values={values} errors={errors} />
      </section>
      <section aria-labelledby="facts-special">
        <h2 id="facts-special" className={sectionHeading}>
          Special hours
        </h2>
        <p className={hintClass}>
          A season or a holiday with other hours, or closed. They start and end by themselves at midnight.
        </p>
        {errors.specialHours ? <p className={fieldErrorClass}>{errors.specialHours}</p> : null}
        {slots.map((slot) => (
          <SpecialRange key={slot} slot={slot} values={values} errors={errors} isNew={slot === last} />
        ))}
      </section>
      <section aria-labelledby="facts-more" className="space-y-3">
        <h2 id="facts-more" className={sectionHeading}>
          Towns, links and figures
        </h2>
        <DeskTextarea
          id={idOf("homeWatchAreas")}
          name="homeWatchAreas"
          label="Home watch towns, one per line"
          rows={6}
          defaultValue={values.homeWatchAreas}
          error={errors.homeWatchAreas}
        />
        {text("social.facebook", "Facebook page", { type: "url", inputMode: "url", maxLength: FACT_LIMITS.url })}
        {text("social.instagram", "Instagram page", { type: "url", inputMode: "url", maxLength: FACT_LIMITS.url })}
        <div className="grid grid-cols-2 gap-3">
          {FIGURE_FIELDS.map(({ key, label, token }) => (
            <DeskInput
              key={key}
              id={idOf(`figures.${key}`)}
              name={`figures.${key}`}
              label={label}
              hint={token ? `Copy writes it ${token}.` : undefined}
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={6}
              required
              defaultValue={values[`figures.${key}`]}
              error={errors[`figures.${key}`]}
            />
          ))}
        </div>
        <DeskTextarea
          id={idOf("claims")}
          name="claims"
          label="Claims, one per line"
          hint="Shown beside the hero and in the footer: each must stay true."
          rows={5}
          defaultValue={values.claims}
          error={errors.claims}
        />
        {text("hicRegistration", "NJ Home Improvement Contractor registration", {
          hint: "New Jersey requires it on every advertisement, so it cannot be left empty.",
          maxLength: 12,
          autoCapitalize: "characters",
        })}
      </section>
      <button
        type="submit"
        name="intent"
        value="publish"
        disabled={busy}
        className={`${primaryButton} w-full sm:w-auto`}
      >
        Publish
      </button>
    </Form>
  );
}
