/**
 * The quote's PDF: its size and the time to make it, on this machine. Prints figures; run with
 * `npx tsx bench/quote-pdf.ts`. Ten items, long texts, the certificate appended, and the signed
 * copy with its audit page.
 */
import { performance } from "node:perf_hooks";
import { firstFacts } from "~/content/business-facts";
import { contractorOf, contractTerms } from "~/paperwork/contract-terms";
import { quoteDocument } from "~/quotes/quote-document";
import { renderDocumentPdf } from "~/paperwork/document-pdf.server";
import { certificatePdf, deckQuote, FACTS } from "../tests/support/quotes";

const RUNS = 30;

async function main() {
  const content = deckQuote();
  for (let i = 0; i < 7; i++)
    content.items.push({
      description: `Item ${i + 4}: replace rotted trim boards and caulk every joint along the north wall`,
      quantityHundredths: 150 + i * 25,
      unit: "ft",
      unitCents: 1_275 + i * 100,
      optional: i % 3 === 0,
    });
  content.work = "Remove the storm-damaged stairs and build new ones to code. ".repeat(12);
  const document = quoteDocument({
    leadReference: "0f5c2a1e-1111-4222-8333-944445555666",
    version: 2,
    sentDay: "2026-11-27",
    content,
    terms: contractTerms(contractorOf(firstFacts), FACTS, null),
    homeowner: { name: "Dana Visitor", address: "12 Dune Lane, Surf City, NJ", email: "dana@example.com" },
    chosen: new Set([2]),
  });
  const certificate = await certificatePdf();
  const madeAt = new Date("2026-11-27T15:00:00Z");
  const producer = "Causeway Home Repair";
  const audit = { lines: Array.from({ length: 10 }, (_, i) => `Audit line ${i + 1}: ${"x".repeat(60)}`) };
  const figures: Record<string, { bytes: number; medianMs: number; p95Ms: number }> = {};
  for (const [name, options] of [
    ["quote alone", { madeAt, producer }],
    ["quote + certificate (as emailed)", { madeAt, producer, certificate }],
    ["signed copy (+ audit page)", { madeAt, producer, certificate, audit }],
  ] as const) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run < RUNS + 3; run++) {
      const start = performance.now();
      const pdf = await renderDocumentPdf(document, options);
      const elapsed = performance.now() - start;
      if (run >= 3) times.push(elapsed);
      bytes = pdf.byteLength;
    }
    times.sort((a, b) => a - b);
    figures[name] = {
      bytes,
      medianMs: Number((times[Math.floor(times.length / 2)] ?? 0).toFixed(1)),
      p95Ms: Number((times[Math.floor(times.length * 0.95)] ?? 0).toFixed(1)),
    };
  }
  console.log(`quote PDF, ${content.items.length} items, ${RUNS} runs after 3 warm-up runs, node ${process.version}`);
  console.table(figures);
}

await main();
