/**
 * One labelled field of a desk form: its label, the control, a hint, and the message when the value
 * was refused, tied to the control for screen readers (`aria-describedby`, `aria-invalid`).
 */
import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import { inputClass, labelClass } from "./desk-frame";

export const hintClass = "mt-1 text-sm text-slate-700";
export const fieldErrorClass = "mt-1 text-sm font-semibold text-red-800";

export interface FieldControlProps {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
}

export function DeskField({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({ id, "aria-describedby": describedBy, ...(error ? { "aria-invalid": true as const } : {}) })}
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A DeskField holding one `<input>`: the common case, its attributes passed as they are. */
export function DeskInput({
  id,
  label,
  hint,
  error,
  ...input
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "children">) {
  return (
    <DeskField id={id} label={label} hint={hint} error={error}>
      {(control) => <input {...input} {...control} className={inputClass} />}
    </DeskField>
  );
}

/** A DeskField holding one `<textarea>`. */
export function DeskTextarea({
  id,
  label,
  hint,
  error,
  ...textarea
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
} & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className" | "children">) {
  return (
    <DeskField id={id} label={label} hint={hint} error={error}>
      {(control) => <textarea {...textarea} {...control} className={inputClass} />}
    </DeskField>
  );
}
