/**
 * Every document's PDF, drawn from its `PaperDocument` (see `pdf-pages.server.ts` for how they are
 * written): a quote, a change order, a receipt. Their dates are the record's, not the clock's, and
 * everything they say comes from the record and the terms it was sent with, so the same record
 * and choices always give the same bytes: the SHA-256 recorded at acceptance can be checked again
 * later by making the document again.
 *
 * A quote's certificate of liability insurance follows its pages; an audit page (who accepted,
 * when, from where, and the accepted document's hash) ends the signed copy. A cancellation or a
 * payment has a one-page record of its own.
 */
import type { PaperDocument } from "./document";
import {
  appendPageContent,
  GREY,
  INK,
  MARGIN,
  newPage,
  right,
  room,
  rule,
  startPdf,
  text,
  WIDTH,
  winAnsi,
  wrap,
  type Pen,
} from "./pdf-pages.server";

function itemsTable(pen: Pen, document: PaperDocument) {
  const size = 9.5;
  const columns = { description: MARGIN, quantity: MARGIN + 270, price: MARGIN + 410, amount: MARGIN + WIDTH };
  room(pen, 30);
  pen.y -= 18;
  pen.page.drawText("Item", { x: columns.description, y: pen.y, size, font: pen.bold, color: INK });
  pen.page.drawText("Quantity", { x: columns.quantity, y: pen.y, size, font: pen.bold, color: INK });
  right(pen, "Unit price", columns.price, size, true);
  right(pen, "Amount", columns.amount, size, true);
  rule(pen, pen.y - 4);
  for (const item of document.items) {
    const label = item.optional
      ? `${item.description} (optional: ${item.included ? "included" : "not included"})`
      : item.description;
    const lines = wrap(label, pen.regular, size, 260);
    room(pen, lines.length * size * 1.35 + 6);
    pen.y -= 6;
    lines.forEach((line, index) => {
      pen.y -= size * 1.35;
      pen.page.drawText(line, {
        x: columns.description,
        y: pen.y,
        size,
        font: pen.regular,
        color: item.included ? INK : GREY,
      });
      if (index === 0) {
        pen.page.drawText(winAnsi(item.quantity), {
          x: columns.quantity,
          y: pen.y,
          size,
          font: pen.regular,
          color: INK,
        });
        right(pen, item.unitPrice, columns.price, size);
        right(pen, item.included ? item.amount : `(${item.amount})`, columns.amount, size);
      }
    });
  }
  pen.y -= 8;
  for (const [index, total] of document.totals.entries()) {
    const last = index === document.totals.length - 1;
    room(pen, 16);
    pen.y -= 14;
    right(pen, total.label, columns.price, last ? 11 : size, last);
    right(pen, total.amount, columns.amount, last ? 11 : size, last);
  }
}

export interface AuditFacts {
  lines: string[];
}

export interface PdfOptions {
  /** The version's own time: the PDF's dates, so the bytes do not depend on when it is made. */
  madeAt: Date;
  /** The business's short name, as the terms of the version give it. */
  producer: string;
  /** The certificate of liability insurance, appended after the quote. */
  certificate?: Uint8Array;
  /** For the signed copy: the acceptance record, on a last page. */
  audit?: AuditFacts;
}

/** A new PDF whose first page starts with its title and reference, in the contractor's name. */
async function startDocument(
  heading: { title: string; reference: string; contractor: string[] },
  producer: string,
  madeAt: Date,
): Promise<Pen> {
  const pen = await startPdf({
    title: `${heading.title}: ${heading.reference}`,
    author: heading.contractor[0] ?? "",
    producer,
    madeAt,
  });
  text(pen, heading.title, { size: 16, bold: true });
  text(pen, heading.reference, { size: 10, color: GREY });
  pen.y -= 6;
  return pen;
}

export async function renderDocumentPdf(document: PaperDocument, options: PdfOptions): Promise<Uint8Array> {
  const pen = await startDocument(document, options.producer, options.madeAt);
  text(pen, "Contractor", { bold: true, size: 10.5 });
  for (const line of document.contractor) text(pen, line);
  pen.y -= 4;
  text(pen, "Homeowner", { bold: true, size: 10.5 });
  for (const line of document.homeowner) text(pen, line);
  pen.y -= 4;
  for (const line of document.dates) text(pen, line);
  itemsTable(pen, document);
  for (const section of document.sections) {
    pen.y -= 8;
    room(pen, 40);
    text(pen, section.heading, { bold: true, size: 11 });
    for (const paragraph of section.paragraphs)
      text(pen, paragraph, { bold: section.bold, size: section.bold ? 10.5 : 10 });
  }
  if (options.certificate) await appendPageContent(pen.doc, options.certificate);
  if (options.audit) {
    newPage(pen);
    text(pen, "Acceptance record", { size: 14, bold: true });
    pen.y -= 4;
    for (const line of options.audit.lines) text(pen, line);
  }
  return pen.doc.save({ useObjectStreams: true });
}

/** A one-part record on the business's letterhead: a cancellation, a warranty given at completion. */
export interface RecordPdf {
  title: string;
  reference: string;
  contractor: string[];
  producer: string;
  lines: string[];
  madeAt: Date;
}

/** A record: its title and reference, the business, then its lines, each a paragraph. */
export async function renderRecordPdf(record: RecordPdf): Promise<Uint8Array> {
  const pen = await startDocument(record, record.producer, record.madeAt);
  for (const line of record.contractor) text(pen, line);
  pen.y -= 6;
  for (const line of record.lines) {
    pen.y -= 4;
    text(pen, line);
  }
  return pen.doc.save({ useObjectStreams: true });
}
