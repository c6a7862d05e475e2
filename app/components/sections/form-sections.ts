/**
 * The sections that end the blog's index with forms (the newsletter and the contact form): one
 * chunk, hydrated after the page starts (`ui/later.tsx`). Both forms post without JavaScript, and
 * their fields are uncontrolled, so what a visitor types before the chunk arrives is kept.
 */
export { NewsletterSection } from "./newsletter-section";
export { ContactSection } from "./contact-section";
