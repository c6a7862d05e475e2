/**
 * The answer to a request that fails before the app can render it (a malformed address, a body the
 * server cannot read): the site's error screen as a small self-contained page, or JSON for `/api/`.
 * It never carries a stack or a file path, whatever went wrong.
 */
import { STATUS_CODES } from "node:http";
import { displayPhone, type BusinessFacts } from "~/content/business-facts";
import { profile } from "~/content/profile";
import { escapeHtml } from "./mail-format.server";

export interface ErrorAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** A status to show: the error's own 4xx when it has one, else 500. */
export function errorStatus(error: unknown): number {
  const status = typeof error === "object" && error !== null && "status" in error ? Number(error.status) : Number.NaN;
  return Number.isInteger(status) && status >= 400 && status < 500 ? status : 500;
}

/** `facts` are those in force as the page is written: the platform cannot read what the desk publishes. */
export function errorAnswer(status: number, path: string, facts: Pick<BusinessFacts, "phone">): ErrorAnswer {
  const message =
    status === 400
      ? "The address of this page could not be read."
      : status < 500
        ? (STATUS_CODES[status] ?? "The request could not be answered.")
        : "Something went wrong on our side.";
  if (path.toLowerCase().startsWith("/api/"))
    return {
      status,
      contentType: "application/json; charset=utf-8",
      body: JSON.stringify({ success: false, error: message }),
    };
  const title = `${status} ${STATUS_CODES[status] ?? "Error"}`;
  const body = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(profile.name)}</title>
<style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;line-height:1.5}main{max-width:40rem;margin:0 auto;padding:4rem 1rem}h1{font-size:1.875rem;color:#0b2545}a{color:#0e6b7d;font-weight:600}</style>
</head>
<body>
<main>
<h1>Unexpected Application Error!</h1>
<p><strong>${status}</strong> ${escapeHtml(message)}</p>
<p><a href="/">Go back home</a> or call us at <a href="tel:${escapeHtml(facts.phone)}">${escapeHtml(displayPhone(facts.phone))}</a>.</p>
</main>
</body>
</html>
`;
  return { status, contentType: "text/html; charset=utf-8", body };
}
