/** What a visitor reads once the estimate request is stored, with or without JavaScript. */
import { profile } from "~/content/profile";

export const ESTIMATE_SUCCESS_TITLE = "Estimate Request Submitted Successfully!";
export const ESTIMATE_SUCCESS_TEXT = `Thank you! Our team will reply within ${profile.replyWithinHours} hours with your free estimate. Please check your email for confirmation.`;
