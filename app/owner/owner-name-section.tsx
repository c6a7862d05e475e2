/** The account page's section for the owner's name on home watch reports: one field, one button. */
import { Form } from "react-router";
import { DeskInput } from "./desk-field";
import { secondaryButton } from "./desk-frame";
import { OWNER_NAME_INTENT, OWNER_NAME_MAX } from "./owner-name";

export function OwnerNameSection({ name, error, typed }: { name: string; error?: string; typed?: string }) {
  return (
    <section aria-labelledby="owner-name" className="mt-6">
      <h2 id="owner-name" className="text-lg font-bold text-navy-900">
        Your name on reports
      </h2>
      <Form method="post" action="/owner/account/name" className="mt-2 max-w-md space-y-2">
        <DeskInput
          id="owner-name-field"
          label="Your name"
          hint="A homeowner's home watch report says who checked the house: this name, with the business's. Leave it empty for the business's name alone."
          error={error}
          name="name"
          maxLength={OWNER_NAME_MAX}
          autoComplete="name"
          defaultValue={typed ?? name}
        />
        <button type="submit" name="intent" value={OWNER_NAME_INTENT} className={secondaryButton}>
          Save name
        </button>
      </Form>
    </section>
  );
}
