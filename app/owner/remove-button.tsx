/** The desk's 'Remove' button in a list: posts `fields` to the page's own action, and says what it removes. */
import { Form } from "react-router";
import { dangerButton } from "./desk-frame";

export function RemoveButton({ fields, label }: { fields: Record<string, string>; label: string }) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className={dangerButton} aria-label={label}>
        Remove
      </button>
    </Form>
  );
}
