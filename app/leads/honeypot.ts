/** The hidden field of both forms that bots fill in and people never see (the server discards those posts). */
export const HONEYPOT_FIELD = "company_website";
