import { inflateSync } from "node:zlib";
import { PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { certificatePdf, deckQuote, FACTS } from "../../tests/support/quotes";
import { firstFacts } from "~/content/business-facts";
import { contractorOf, contractTerms } from "./contract-terms";
import { winAnsi } from "./pdf-pages.server";
import { quoteDocument } from "~/quotes/quote-document";
import { renderDocumentPdf } from "./document-pdf.server";

const input = {
  leadReference: "0f5c2a1e-1111-4222-8333-944445555666",
  version: 1,
  sentDay: "2027-03-01",
  content: deckQuote(new Date("2027-03-01T15:00:00Z")),
  terms: contractTerms(contractorOf(firstFacts), FACTS, null),
  homeowner: { name: "Zoë Ångström 山田", address: "12 Dune Lane, Surf City, NJ", email: "zoe@example.com" },
  chosen: new Set([2]),
};
const document = quoteDocument(input);
const madeAt = new Date("2027-03-01T15:00:00Z");
const producer = "Causeway Home Repair";

/** Every content stream's text, inflated: the hex strings the Tj operators draw. */
function drawnText(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf);
  const out: string[] = [];
  let at = 0;
  for (;;) {
    const start = raw.indexOf("stream\n", at);
    if (start < 0) break;
    const end = raw.indexOf("endstream", start);
    const body = raw.subarray(start + 7, end);
    try {
      out.push(inflateSync(body).toString("latin1"));
    } catch {
      out.push(body.toString("latin1"));
    }
    at = end + 9;
  }
  return out.join("\n");
}

const hexOf = (text: string) => Buffer.from(text, "latin1").toString("hex").toUpperCase();

describe("the quote's PDF", () => {
  it("is Letter size, draws its words as text, and ends with the insurance certificate", async () => {
    const pdf = await renderDocumentPdf(document, { madeAt, producer, certificate: await certificatePdf() });
    const loaded = await PDFDocument.load(pdf);
    const pages = loaded.getPages();
    expect(pages[0]?.getSize()).toEqual({ width: 612, height: 792 });
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const text = drawnText(pdf);
    expect(text).toContain(hexOf("Rebuild deck stairs"));
    expect(text).toContain(hexOf("YOUR RIGHT TO CANCEL:"));
    expect(text).toContain(hexOf("CERTIFICATE OF LIABILITY INSURANCE (test)"));
    // 2 required items + the optional one chosen, with 6.625% tax.
    expect(text).toContain(hexOf("$1,866.52"));
    // What the standard fonts cannot draw is replaced, not a failure.
    expect(text).toContain(hexOf("Zoë Ångström ??"));
  });

  it("gives the same bytes for the same version and choices, so an accepted document's hash can be checked again", async () => {
    const first = await renderDocumentPdf(document, { madeAt, producer });
    const second = await renderDocumentPdf(document, { madeAt, producer });
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const withoutOption = await renderDocumentPdf(quoteDocument({ ...input, chosen: new Set() }), { madeAt, producer });
    expect(Buffer.from(withoutOption).equals(Buffer.from(first))).toBe(false);
  });

  it("keeps Windows-1252 characters and replaces the rest", () => {
    expect(winAnsi("Café “deck” — 5€\u0007 ✓")).toBe("Café “deck” — 5€? ?");
  });
});
