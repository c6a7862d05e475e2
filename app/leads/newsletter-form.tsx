/**
 * The newsletter signup. Without JavaScript it posts to /newsletter, which answers as
 * a page; with JavaScript it posts to /api/newsletter and answers with toasts.
 */
import { useState, type FormEvent } from "react";
import { buttonClass } from "~/ui/button";
import { fieldControlClass } from "~/ui/field";
import { toast } from "~/ui/toast";
import { HONEYPOT_FIELD } from "./honeypot";
import { HoneypotField } from "./honeypot-field";
import { EMAIL_REQUIRED_MESSAGE, EMAIL_REQUIRED_TITLE } from "./newsletter-schema";

export const NEWSLETTER_SUCCESS = {
  title: "Success!",
  description: "Thank you for signing up! Please check your email for confirmation.",
};

export function NewsletterForm({ idPrefix = "newsletter" }: { idPrefix?: string }) {
  const [submitting, setSubmitting] = useState(false);
  const inputId = `${idPrefix}-email`;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    // Uncontrolled, so an address typed before hydration is kept and read here.
    const input = form.elements.namedItem("email") as HTMLInputElement | null;
    const email = input?.value.trim() ?? "";
    if (!email) {
      toast({ title: EMAIL_REQUIRED_TITLE, description: EMAIL_REQUIRED_MESSAGE, variant: "destructive" });
      return;
    }
    const honeypot = (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? "";
    setSubmitting(true);
    try {
      const response = await fetch("/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({ email, [HONEYPOT_FIELD]: honeypot }),
      });
      const result = (await response.json().catch(() => ({}))) as { error?: string };
      if (!response.ok || result.error) throw new Error(result.error ?? `HTTP ${response.status}`);
      if (input) input.value = "";
      toast(NEWSLETTER_SUCCESS);
    } catch (error) {
      console.error("Newsletter signup failed:", error);
      toast({
        title: "Error",
        description: "Failed to sign up for newsletter. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form
      method="post"
      action="/newsletter"
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      aria-label="Newsletter signup"
    >
      <div className="flex-1">
        <label htmlFor={inputId} className="mb-1 block text-sm font-semibold">
          Email address
        </label>
        <input
          id={inputId}
          name="email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          className={fieldControlClass}
        />
      </div>
      <HoneypotField id={`${idPrefix}-${HONEYPOT_FIELD}`} />
      <button type="submit" disabled={submitting} className={buttonClass("primary")}>
        {submitting ? "Subscribing..." : "Subscribe"}
      </button>
    </form>
  );
}
