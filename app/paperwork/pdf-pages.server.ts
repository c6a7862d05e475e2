/**
 * Writing the site's own PDFs on US Letter, in pure JavaScript (pdf-lib) with the standard
 * Helvetica fonts, so their text is selectable and no browser runs on the server: a pen that
 * wraps text and turns pages, and the copy of another PDF's pages (the insurance certificate).
 *
 * A PDF's dates are given, never read from the clock, so the same input always makes the same
 * bytes: a recorded SHA-256 can be checked by making the document again.
 *
 * Another PDF's pages are copied as what they draw and nothing else. A page is made into a form
 * XObject (its content stream and resources) and drawn on a fresh page: its annotations, its
 * page actions and everything its catalog held (an open action, scripts, embedded files, forms)
 * are left behind, so a certificate carrying JavaScript or a launch action cannot pass them on to
 * a contract the site mails to a homeowner.
 */
import { PDFDocument, PDFName, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";

export const PAGE: [number, number] = [612, 792];
export const MARGIN = 54;
export const WIDTH = PAGE[0] - 2 * MARGIN;
export const INK = rgb(0.07, 0.11, 0.2);
export const GREY = rgb(0.35, 0.38, 0.42);

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

export interface Pen {
  doc: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

export interface PdfInfo {
  title: string;
  author: string;
  /** The business's short name: the PDF says the site made it. */
  producer: string;
  /** The document's own time, never the clock's. */
  madeAt: Date;
}

/** A new document with its first page and the pen at its top. */
export async function startPdf(info: PdfInfo): Promise<Pen> {
  const doc = await PDFDocument.create();
  doc.setTitle(info.title);
  doc.setAuthor(winAnsi(info.author));
  doc.setProducer(`${info.producer} desk`);
  doc.setCreator(`${info.producer} desk`);
  doc.setCreationDate(info.madeAt);
  doc.setModificationDate(info.madeAt);
  return {
    doc,
    page: doc.addPage(PAGE),
    y: PAGE[1] - MARGIN,
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
}

export function newPage(pen: Pen) {
  pen.page = pen.doc.addPage(PAGE);
  pen.y = PAGE[1] - MARGIN;
}

/** Turns the page unless `height` more points fit above the bottom margin. */
export function room(pen: Pen, height: number) {
  if (pen.y - height < MARGIN) newPage(pen);
}

export interface TextOptions {
  size?: number;
  bold?: boolean;
  x?: number;
  width?: number;
  color?: typeof INK;
}

/** Writes `value` wrapped to the width, a line at a time, turning pages as needed. */
export function text(pen: Pen, value: string, options: TextOptions = {}) {
  const size = options.size ?? 10;
  const font = options.bold ? pen.bold : pen.regular;
  const x = options.x ?? MARGIN;
  for (const line of wrap(value, font, size, options.width ?? WIDTH - (x - MARGIN))) {
    room(pen, size * 1.35);
    pen.y -= size * 1.35;
    pen.page.drawText(line, { x, y: pen.y, size, font, color: options.color ?? INK });
  }
}

/** One line ending at `xRight`, on the pen's current line. */
export function right(pen: Pen, value: string, xRight: number, size: number, bold = false) {
  const font = bold ? pen.bold : pen.regular;
  const clean = winAnsi(value);
  pen.page.drawText(clean, { x: xRight - font.widthOfTextAtSize(clean, size), y: pen.y, size, font, color: INK });
}

export function rule(pen: Pen, y: number) {
  pen.page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + WIDTH, y }, thickness: 0.5, color: GREY });
}

/** What a page dictionary may hold that acts rather than draws: its annotations and its actions. */
const PAGE_KEYS_LEFT_BEHIND = ["Annots", "AA"] as const;

/**
 * Appends what each page of `source` draws, as a page of its own size and turn. The page is
 * emptied of its annotations and actions before it is copied, so not even an unreferenced copy
 * of them is written into `doc`.
 */
export async function appendPageContent(doc: PDFDocument, source: Uint8Array): Promise<void> {
  const from = await PDFDocument.load(source);
  const pages = from.getPages();
  for (const page of pages) for (const key of PAGE_KEYS_LEFT_BEHIND) page.node.delete(PDFName.of(key));
  const embedded = await doc.embedPages(pages);
  pages.forEach((original, index) => {
    const drawn = embedded[index];
    if (!drawn) return;
    const page = doc.addPage([drawn.width, drawn.height]);
    page.drawPage(drawn, { x: 0, y: 0 });
    page.setRotation(original.getRotation());
  });
}

/** Most pages a certificate may have: an insurer's certificate is one or two. */
export const CERTIFICATE_MAX_PAGES = 10;

/**
 * The PDF as the site keeps it: only what its pages draw (see `appendPageContent`). Undefined
 * when it cannot be read (damaged, or protected by a password) or has no page or too many.
 */
export async function cleanPdf(data: Uint8Array): Promise<Uint8Array | undefined> {
  try {
    const from = await PDFDocument.load(data);
    const count = from.getPageCount();
    if (count === 0 || count > CERTIFICATE_MAX_PAGES) return undefined;
    // No metadata of its own: nothing about when or by what it was cleaned.
    const doc = await PDFDocument.create({ updateMetadata: false });
    await appendPageContent(doc, data);
    return await doc.save({ useObjectStreams: true });
  } catch {
    return undefined;
  }
}
