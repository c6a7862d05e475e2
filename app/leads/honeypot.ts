/**
 * The hidden trap field of both forms: bots fill in every field, people never see this one.
 *
 * Its name and label must mean nothing to a browser's autofill: a field called "company website"
 * gets filled from the visitor's saved address card, and a real request then looks like spam.
 */
export const HONEYPOT_FIELD = "leave_blank";
export const HONEYPOT_LABEL = "Leave this field empty";
