/**
 * The newsletter signup (spec §4, §8). Without JavaScript it posts to /newsletter, which answers as
 * a page; with JavaScript it posts to /api/newsletter and answers with toasts.
 */
import { useState, type FormEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { fieldControlClass } from "~/components/ui/field";
import { toast } from "~/components/ui/toast";
import { EMAIL_REQUIRED_MESSAGE, EMAIL_REQUIRED_TITLE, HONEYPOT_FIELD } from "./newsletter-schema";

export const NEWSLETTER_SUCCESS = { title: "Success!", description: "Thank you for signing up! Please check your email for confirmation." };

export function NewsletterForm({ idPrefix = "newsletter" }: { idPrefix?: string }) {
  const [email, setEmail] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const inputId = `${idPrefix}-email`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      toast({ title: EMAIL_REQUIRED_TITLE, description: EMAIL_REQUIRED_MESSAGE, variant: "destructive" });
      return;
    }
    const honeypot = (event.currentTarget.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? "";
    setSubmitting(true);
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email: email.trim(), [HONEYPOT_FIELD]: honeypot }),
      });
      const result = (await response.json().catch(() => ({}))) as { error?: string };
      if (!response.ok || result.error) throw new Error(result.error ?? `HTTP ${response.status}`);
      setEmail("");
      toast(NEWSLETTER_SUCCESS);
    } catch (error) {
      console.error("Newsletter signup failed:", error);
      toast({ title: "Error", description: "Failed to sign up for newsletter. Please try again.", variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form method="post" action="/newsletter" noValidate onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-end" aria-label="Newsletter signup">
      <div className="flex-1">
        <label htmlFor={inputId} className="mb-1 block text-sm font-semibold">
          Email address
        </label>
        <input id={inputId} name="email" type="email" required autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} className={fieldControlClass} />
      </div>
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor={`${idPrefix}-${HONEYPOT_FIELD}`}>Company website</label>
        <input id={`${idPrefix}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <button type="submit" disabled={submitting} className={buttonClass("primary")}>
        {submitting ? "Subscribing..." : "Subscribe"}
      </button>
    </form>
  );
}
