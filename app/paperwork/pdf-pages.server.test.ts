import { degrees, PDFDocument } from "pdf-lib";
import { describe, expect, it } from "vitest";
import { pdfPages } from "../../tests/support/pdf-text";
import { activeCertificatePdf, activeContentOf, certificatePdf, deckQuote, FACTS } from "../../tests/support/quotes";
import { firstFacts } from "~/content/business-facts";
import { contractorOf, contractTerms } from "./contract-terms";
import { cleanPdf } from "./pdf-pages.server";
import { quoteDocument } from "~/quotes/quote-document";
import { renderDocumentPdf } from "./document-pdf.server";

describe("another PDF's pages, as the site copies them", () => {
  it("the test certificate does carry every kind of active content", async () => {
    expect(await activeContentOf(await activeCertificatePdf())).toEqual([
      "AA",
      "Annots",
      "EmbeddedFile",
      "EmbeddedFiles",
      "FileAttachment",
      "JS",
      "JavaScript",
      "Launch",
      "OpenAction",
      "SubmitForm",
    ]);
  });

  it("keep what the pages draw and nothing that acts: no script, launch, form submission or embedded file", async () => {
    const cleaned = await cleanPdf(await activeCertificatePdf());
    if (!cleaned) throw new Error("the certificate was refused");
    expect(await activeContentOf(cleaned)).toEqual([]);
    expect(await pdfPages(cleaned)).toEqual(["CERTIFICATE OF LIABILITY INSURANCE (with actions)"]);
    const page = (await PDFDocument.load(cleaned)).getPage(0);
    expect(page.getSize()).toEqual({ width: 612, height: 792 });
  });

  it("keep a page's size and turn", async () => {
    const source = await PDFDocument.load(await certificatePdf());
    source.getPage(0).setSize(842, 595);
    source.getPage(0).setRotation(degrees(90));
    const cleaned = await cleanPdf(await source.save());
    const page = (await PDFDocument.load(cleaned ?? new Uint8Array())).getPage(0);
    expect(page.getSize()).toEqual({ width: 842, height: 595 });
    expect(page.getRotation().angle).toBe(90);
  });

  it("refuse what is not a PDF, or one with no page or too many", async () => {
    expect(await cleanPdf(new TextEncoder().encode("%PDF-1.7 not really"))).toBeUndefined();
    const empty = await PDFDocument.create();
    expect(await cleanPdf(await empty.save())).toBeUndefined();
    const long = await PDFDocument.create();
    for (let i = 0; i < 11; i++) long.addPage();
    expect(await cleanPdf(await long.save())).toBeUndefined();
  });

  it("a certificate stored before it was cleaned reaches a quote's PDF without its actions", async () => {
    const document = quoteDocument({
      leadReference: "0f5c2a1e-1111-4222-8333-944445555666",
      version: 1,
      sentDay: "2027-03-01",
      content: deckQuote(new Date("2027-03-01T15:00:00Z")),
      terms: contractTerms(contractorOf(firstFacts), FACTS, null),
      homeowner: { name: "Dana Visitor", address: "12 Dune Lane, Surf City, NJ", email: "dana@example.com" },
      chosen: new Set(),
    });
    const pdf = await renderDocumentPdf(document, {
      madeAt: new Date("2027-03-01T15:00:00Z"),
      producer: "Causeway Home Repair",
      certificate: await activeCertificatePdf(),
      audit: { lines: ["Accepted by: Dana Visitor"] },
    });
    expect(await activeContentOf(pdf)).toEqual([]);
    const pages = await pdfPages(pdf);
    expect(pages.at(-2)).toBe("CERTIFICATE OF LIABILITY INSURANCE (with actions)");
    expect(pages.at(-1)).toContain("Accepted by: Dana Visitor");
  });
});
