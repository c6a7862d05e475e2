/** What a visitor reads once the estimate request is stored, with or without JavaScript. */
import type { BusinessFigures } from "~/content/business-facts";

export const ESTIMATE_SUCCESS_TITLE = "Estimate Request Submitted Successfully!";

/** The facts the text quotes: those in force where it is shown (a page's root data, or the server's). */
export type SuccessFacts = { figures: Pick<BusinessFigures, "replyWithinHours"> };

export function estimateSuccessText(facts: SuccessFacts): string {
  return `Thank you! Our team will reply within ${facts.figures.replyWithinHours} hours with your free estimate. Please check your email for confirmation.`;
}

export const HOME_WATCH_SUCCESS_TITLE = "Home Watch Request Sent!";

export function homeWatchSuccessText(facts: SuccessFacts): string {
  return `Thank you! We will reply within ${facts.figures.replyWithinHours} hours to set up a walk-through of the house before the first visit. Please check your email for confirmation.`;
}
