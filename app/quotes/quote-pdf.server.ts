/**
 * The quote as a PDF on US Letter, made in pure JavaScript (pdf-lib) with the standard Helvetica
 * fonts, so its text is selectable and no browser runs on the server. Its dates are the version's,
 * not the clock's, so the same version and choices always give the same bytes: the SHA-256 recorded
 * at acceptance can be checked again later by making the document again.
 *
 * The certificate of liability insurance the owner uploaded follows the quote's pages; an audit
 * page (who accepted, when, from where, and the accepted document's hash) ends the signed copy.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { profile } from "~/content/profile";
import type { QuoteDocument } from "./quote-document";

const PAGE: [number, number] = [612, 792];
const MARGIN = 54;
const WIDTH = PAGE[0] - 2 * MARGIN;
const INK = rgb(0.07, 0.11, 0.2);
const GREY = rgb(0.35, 0.38, 0.42);

// The standard fonts speak Windows-1252 only; what else a homeowner types is shown as "?".
const CP1252_EXTRA = new Set("€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ");
export function winAnsi(text: string): string {
  let out = "";
  for (const char of text.replace(/\t/g, " ")) {
    const code = char.codePointAt(0) ?? 0;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || CP1252_EXTRA.has(char) ? char : "?";
  }
  return out;
}

/** Lines of `text` no wider than `width` at `size`; a word longer than the line is cut. */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of winAnsi(text).split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/ +/)) {
      let piece = word;
      while (font.widthOfTextAtSize(piece, size) > width) {
        let cut = piece.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(piece.slice(0, cut), size) > width) cut--;
        if (line) lines.push(line);
        lines.push(piece.slice(0, cut));
        line = "";
        piece = piece.slice(cut);
      }
      const next = line ? `${line} ${piece}` : piece;
      if (font.widthOfTextAtSize(next, size) > width) {
        lines.push(line);
        line = piece;
      } else line = next;
    }
    lines.push(line);
  }
  return lines;
}

interface Pen {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

function newPage(pen: Pen) {
  pen.page = pen.doc.addPage(PAGE);
  pen.y = PAGE[1] - MARGIN;
}

function room(pen: Pen, height: number) {
  if (pen.y - height < MARGIN) newPage(pen);
}

function text(
  pen: Pen,
  value: string,
  options: { size?: number; bold?: boolean; x?: number; width?: number; color?: typeof INK } = {},
) {
  const size = options.size ?? 10;
  const font = options.bold ? pen.bold : pen.regular;
  const x = options.x ?? MARGIN;
  for (const line of wrap(value, font, size, options.width ?? WIDTH - (x - MARGIN))) {
    room(pen, size * 1.35);
    pen.y -= size * 1.35;
    pen.page.drawText(line, { x, y: pen.y, size, font, color: options.color ?? INK });
  }
}

function right(pen: Pen, value: string, xRight: number, size: number, bold = false) {
  const font = bold ? pen.bold : pen.regular;
  const clean = winAnsi(value);
  pen.page.drawText(clean, { x: xRight - font.widthOfTextAtSize(clean, size), y: pen.y, size, font, color: INK });
}

function itemsTable(pen: Pen, document: QuoteDocument) {
  const size = 9.5;
  const columns = { description: MARGIN, quantity: MARGIN + 270, price: MARGIN + 410, amount: MARGIN + WIDTH };
  room(pen, 30);
  pen.y -= 18;
  pen.page.drawText("Item", { x: columns.description, y: pen.y, size, font: pen.bold, color: INK });
  pen.page.drawText("Quantity", { x: columns.quantity, y: pen.y, size, font: pen.bold, color: INK });
  right(pen, "Unit price", columns.price, size, true);
  right(pen, "Amount", columns.amount, size, true);
  pen.page.drawLine({
    start: { x: MARGIN, y: pen.y - 4 },
    end: { x: MARGIN + WIDTH, y: pen.y - 4 },
    thickness: 0.5,
    color: GREY,
  });
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
  /** The certificate of liability insurance, appended after the quote. */
  certificate?: Uint8Array;
  /** For the signed copy: the acceptance record, on a last page. */
  audit?: AuditFacts;
}

export async function renderQuotePdf(document: QuoteDocument, options: PdfOptions): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`${document.title}: ${document.reference}`);
  doc.setAuthor(winAnsi(document.contractor[0] ?? ""));
  doc.setProducer(`${profile.shortName} desk`);
  doc.setCreator(`${profile.shortName} desk`);
  doc.setCreationDate(options.madeAt);
  doc.setModificationDate(options.madeAt);
  const pen: Pen = {
    doc,
    page: doc.addPage(PAGE),
    y: PAGE[1] - MARGIN,
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  text(pen, document.title, { size: 16, bold: true });
  text(pen, document.reference, { size: 10, color: GREY });
  pen.y -= 6;
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
  if (options.certificate) {
    const certificate = await PDFDocument.load(options.certificate);
    const pages = await doc.copyPages(certificate, certificate.getPageIndices());
    for (const page of pages) doc.addPage(page);
  }
  if (options.audit) {
    newPage(pen);
    text(pen, "Acceptance record", { size: 14, bold: true });
    pen.y -= 4;
    for (const line of options.audit.lines) text(pen, line);
  }
  return doc.save({ useObjectStreams: true });
}

/** Whether the pages of this PDF can be copied: a certificate that cannot be attached is refused at upload. */
export async function isUsablePdf(data: Uint8Array): Promise<boolean> {
  try {
    const pdf = await PDFDocument.load(data);
    return pdf.getPageCount() > 0 && pdf.getPageCount() <= 10;
  } catch {
    return false;
  }
}
