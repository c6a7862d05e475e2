/**
 * A PDF's text as a reader other than the one that wrote it sees it (Mozilla's PDF.js): one string
 * per page, its pieces joined by spaces and runs of space collapsed, so a test can look for a
 * sentence as it would read on screen.
 */
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export async function pdfPages(data: Uint8Array): Promise<string[]> {
  // PDF.js takes the buffer over; it gets a copy, so the caller's bytes stay readable.
  const task = getDocument({ data: new Uint8Array(data), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const words = content.items.map((item) => ("str" in item ? item.str : ""));
      pages.push(words.join(" ").replace(/\s+/g, " ").trim());
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/** Every page's text, one after the other. */
export async function pdfText(data: Uint8Array): Promise<string> {
  return (await pdfPages(data)).join("\n");
}
