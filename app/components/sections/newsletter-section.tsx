/** The newsletter block under the blog index. */
import { NewsletterForm } from "~/leads/newsletter-form";

export function NewsletterSection() {
  return (
    <section aria-labelledby="newsletter-heading" className="mx-auto max-w-4xl px-4 py-12">
      <div className="rounded-2xl bg-sand-100 p-6 md:p-10">
        <h2 id="newsletter-heading" className="text-2xl font-bold text-navy-900">
          Shore home tips, a few times a year
        </h2>
        <p className="mt-2 text-slate-700">
          Seasonal checklists and storm reminders for LBI homeowners. We confirm by email first, and every message has a
          one-click unsubscribe. See our{" "}
          <a href="/privacy" className="font-medium text-sea-600 underline">
            privacy notice
          </a>
          .
        </p>
        <div className="mt-5">
          <NewsletterForm />
        </div>
      </div>
    </section>
  );
}
