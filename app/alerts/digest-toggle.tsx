/** The account page's section for the morning digest: what it is, whether it is on, one button to switch. */
import { Form } from "react-router";
import { Notice, secondaryButton } from "~/owner/desk-frame";

export function DigestToggle({ on, changed }: { on: boolean; changed: "on" | "off" | null }) {
  return (
    <section aria-labelledby="digest" className="mt-6">
      <h2 id="digest" className="text-lg font-bold text-navy-900">
        Morning email
      </h2>
      <p className="text-sm">
        At 7:00 on business days: the leads still waiting for an answer and today&apos;s visits.{" "}
        <strong data-testid="digest-state">{on ? "You get it." : "Switched off."}</strong>
      </p>
      {changed ? (
        <Notice tone="ok">{changed === "on" ? "The morning email is on." : "The morning email is off."}</Notice>
      ) : null}
      <Form method="post" action="/owner/digest" className="mt-2">
        <button type="submit" name="digest" value={on ? "off" : "on"} className={secondaryButton}>
          {on ? "Stop the morning email" : "Send me the morning email"}
        </button>
      </Form>
    </section>
  );
}
