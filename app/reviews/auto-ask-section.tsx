/**
 * The switch on /owner/site that sends the review request by itself, three days after a lead is
 * set to Won. Off until the owner turns it on; on, it asks every Won lead alike.
 */
import { Form } from "react-router";
import { secondaryButton } from "~/owner/desk-frame";
import { AUTO_ASK_AFTER_DAYS } from "./review-rules";

export function AutoAskSection({ on, busy }: { on: boolean; busy: boolean }) {
  return (
    <section aria-labelledby="auto-ask-heading" className="mt-8">
      <h2 id="auto-ask-heading" className="text-lg font-bold text-navy-900">
        Review requests
      </h2>
      <p className="mt-2" data-testid="auto-ask-state">
        {on
          ? `On: every lead set to Won is emailed a review request ${AUTO_ASK_AFTER_DAYS} days later, unless you asked already.`
          : `Off: a review request goes only when you press 'Ask for a review' on a Won lead.`}
      </p>
      <Form method="post" className="mt-2">
        <input type="hidden" name="autoAsk" value={on ? "off" : "on"} />
        <button type="submit" name="intent" value="review-auto-ask" disabled={busy} className={secondaryButton}>
          {on ? "Stop asking automatically" : `Ask automatically ${AUTO_ASK_AFTER_DAYS} days after Won`}
        </button>
      </Form>
    </section>
  );
}
