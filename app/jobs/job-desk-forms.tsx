/**
 * The forms of the desk's job page that move the job itself: 'Save dates' with the reason the
 * homeowner is emailed, and 'Mark started' with the permit, or why the work needs none.
 */
import type { FieldMessages } from "~/forms/change-answer";
import { Form } from "react-router";
import { DeskInput, DeskTextarea } from "~/owner/desk-field";
import { primaryButton, secondaryButton } from "~/owner/desk-frame";
import { PERMIT_FIELD_MAX, REASON_MAX } from "./job-rules";

interface FormProps {
  busy: boolean;
  errors: FieldMessages;
  /** The value to show: what was typed when the form was refused, else `fallback`. */
  value: (name: string, fallback?: string) => string;
}

export function JobDatesForm({
  busy,
  errors,
  value,
  startDay,
  completionDay,
}: FormProps & { startDay: string; completionDay: string }) {
  return (
    <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
      <DeskInput
        id="startDay"
        label="Start date"
        error={errors.startDay}
        type="date"
        name="startDay"
        required
        defaultValue={value("startDay", startDay)}
      />
      <DeskInput
        id="completionDay"
        label="Completion date"
        error={errors.completionDay}
        type="date"
        name="completionDay"
        required
        defaultValue={value("completionDay", completionDay)}
      />
      <div className="sm:col-span-2">
        <DeskTextarea
          id="reason"
          label="Why the dates changed"
          hint="The homeowner is emailed the new dates with these words."
          error={errors.reason}
          name="reason"
          rows={2}
          maxLength={REASON_MAX}
          defaultValue={value("reason")}
        />
      </div>
      <p>
        <button type="submit" name="intent" value="dates" disabled={busy} className={secondaryButton}>
          Save dates
        </button>
      </p>
    </Form>
  );
}

export function JobStartForm({ busy, errors, value }: FormProps) {
  return (
    <Form method="post" className="mt-3 grid gap-3 sm:grid-cols-2">
      <p className="sm:col-span-2">
        New Jersey requires the permits a job needs before work begins. Record the permit, or say why this work needs
        none.
      </p>
      {errors.permit ? (
        <p role="alert" className="font-semibold text-red-800 sm:col-span-2">
          {errors.permit}
        </p>
      ) : null}
      <DeskInput
        id="permitNumber"
        label="Permit number"
        error={errors.permitNumber}
        name="permitNumber"
        maxLength={PERMIT_FIELD_MAX}
        defaultValue={value("permitNumber")}
      />
      <DeskInput
        id="issuedBy"
        label="Issued by"
        hint="The township, such as Long Beach Township."
        error={errors.issuedBy}
        name="issuedBy"
        maxLength={PERMIT_FIELD_MAX}
        defaultValue={value("issuedBy")}
      />
      <div className="sm:col-span-2">
        <label className="flex min-h-11 items-center gap-2 font-semibold text-navy-900">
          <input
            type="checkbox"
            name="noPermit"
            value="yes"
            defaultChecked={value("noPermit") === "yes"}
            className="size-5"
            aria-describedby={errors.noPermit ? "noPermit-error" : undefined}
          />
          No permit needed for this work
        </label>
        {errors.noPermit ? (
          <p id="noPermit-error" className="mt-1 text-sm font-semibold text-red-800">
            {errors.noPermit}
          </p>
        ) : null}
      </div>
      <div className="sm:col-span-2">
        <DeskInput
          id="noPermitReason"
          label="Why no permit is needed"
          error={errors.noPermitReason}
          name="noPermitReason"
          maxLength={REASON_MAX}
          defaultValue={value("noPermitReason")}
        />
      </div>
      <p>
        <button type="submit" name="intent" value="start" disabled={busy} className={primaryButton}>
          Mark started
        </button>
      </p>
    </Form>
  );
}
