/**
 * The Site page's contract facts: what every written quote must state about the business besides
 * the profile's legal name, address and registration number. Each is required before the first
 * quote can be sent. The form posts (multipart, for the certificate) to /owner/site/contract.
 */
import { Form } from "react-router";
import { DeskField, hintClass } from "~/owner/desk-field";
import { inputClass, primaryButton } from "~/owner/desk-frame";
import type { ContractFactsErrors, ContractFactsInput } from "./contract-facts-rules";

export function ContractFactsSection({
  values,
  errors,
  certificateName,
  busy,
  message,
}: {
  values: ContractFactsInput;
  errors: ContractFactsErrors;
  certificateName: string | null;
  busy: boolean;
  message?: string;
}) {
  return (
    <section aria-labelledby="contract-heading" className="mt-8">
      <h2 id="contract-heading" className="text-lg font-bold text-navy-900">
        Contract facts
      </h2>
      <p className={hintClass}>
        Every written quote states these. Your legal name, address and registration number come from the business
        profile. A quote cannot be sent until all of them are filled in.
      </p>
      {message ? (
        <p role="status" className="mt-2 font-semibold text-navy-900">
          {message}
        </p>
      ) : null}
      <Form method="post" action="/owner/site/contract" encType="multipart/form-data" className="mt-3 space-y-4">
        <DeskField id="insurerName" label="Insurer's name" error={errors.insurerName}>
          {(control) => (
            <input {...control} name="insurerName" defaultValue={values.insurerName} className={inputClass} />
          )}
        </DeskField>
        <DeskField id="insurerPhone" label="Insurer's telephone number" error={errors.insurerPhone}>
          {(control) => (
            <input
              {...control}
              name="insurerPhone"
              type="tel"
              defaultValue={values.insurerPhone}
              className={inputClass}
            />
          )}
        </DeskField>
        <DeskField
          id="certificate"
          label="Certificate of liability insurance (PDF)"
          hint={certificateName ? `On file: ${certificateName}. Choose a file only to replace it.` : "Up to 5 MB."}
          error={errors.certificate}
        >
          {(control) => (
            <input {...control} name="certificate" type="file" accept="application/pdf,.pdf" className={inputClass} />
          )}
        </DeskField>
        <DeskField
          id="consumerAffairsPhone"
          label="Division of Consumer Affairs' telephone number"
          error={errors.consumerAffairsPhone}
        >
          {(control) => (
            <input
              {...control}
              name="consumerAffairsPhone"
              type="tel"
              defaultValue={values.consumerAffairsPhone}
              className={inputClass}
            />
          )}
        </DeskField>
        <DeskField id="warranty" label="Warranty" error={errors.warranty}>
          {(control) => (
            <textarea {...control} name="warranty" rows={4} defaultValue={values.warranty} className={inputClass} />
          )}
        </DeskField>
        <DeskField id="depositPercent" label="Deposit (% of the total)" error={errors.depositPercent}>
          {(control) => (
            <input
              {...control}
              name="depositPercent"
              inputMode="numeric"
              defaultValue={values.depositPercent}
              className={inputClass}
            />
          )}
        </DeskField>
        <DeskField
          id="milestones"
          label="Payment milestones"
          hint='One a line, percent first: "30 when the framing is inspected". The rest is due on completion, never before.'
          error={errors.milestones}
        >
          {(control) => (
            <textarea {...control} name="milestones" rows={3} defaultValue={values.milestones} className={inputClass} />
          )}
        </DeskField>
        <button type="submit" disabled={busy} className={primaryButton}>
          Save contract facts
        </button>
      </Form>
    </section>
  );
}
