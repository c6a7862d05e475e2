/**
 * The links copy may make besides the site's own pages: a call to the business's phone and a mail
 * to its address, written with the fact so a new number reaches every answer. A module of its own,
 * with nothing else in it, because the desk's editors offer them in the browser: importing them
 * from `tokens.ts` would bring the first facts into every page's script.
 */
export const FACT_LINKS = { phone: "tel:{phone}", email: "mailto:{email}" } as const;
