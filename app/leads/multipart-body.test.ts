import { Readable } from "node:stream";
import busboy from "busboy";
import { describe, expect, it } from "vitest";
import { encodeMultipart, uploadStage } from "./multipart-body";

interface Parsed {
  fields: Record<string, string>;
  files: { field: string; fileName: string; type: string; content: string }[];
}

async function parse(body: Blob, contentType: string): Promise<Parsed> {
  const parsed: Parsed = { fields: {}, files: [] };
  const parser = busboy({ headers: { "content-type": contentType }, defParamCharset: "utf8" });
  parser.on("field", (name, value) => (parsed.fields[name] = value));
  parser.on("file", (field, stream, info) => {
    const chunks: Buffer[] = [];
    stream.on("data", (c: Buffer) => chunks.push(c));
    stream.on("end", () =>
      parsed.files.push({
        field,
        fileName: info.filename ?? "",
        type: info.mimeType,
        content: Buffer.concat(chunks).toString(),
      }),
    );
  });
  const done = new Promise((resolve, reject) => parser.on("close", resolve).on("error", reject));
  Readable.from(Buffer.from(await body.arrayBuffer())).pipe(parser);
  await done;
  return parsed;
}

describe("multipart body", () => {
  it("is read back by a standard parser: fields, file names (quotes, accents) and contents", async () => {
    const { body, contentType, fileRanges } = encodeMultipart(
      [
        ["name", "Ann Lee"],
        ["description", 'Deck "stairs"\r\nand rail'],
      ],
      [
        { field: "photo_0", fileName: 'porch "before".jpg', blob: new Blob(["AAAA"], { type: "image/jpeg" }) },
        { field: "photo_1", fileName: "salle de bain é.png", blob: new Blob(["BBBBBB"], { type: "image/png" }) },
      ],
    );
    const parsed = await parse(body, contentType);
    expect(parsed.fields).toEqual({ name: "Ann Lee", description: 'Deck "stairs"\r\nand rail' });
    expect(parsed.files).toEqual([
      { field: "photo_0", fileName: "porch %22before%22.jpg", type: "image/jpeg", content: "AAAA" },
      { field: "photo_1", fileName: "salle de bain é.png", type: "image/png", content: "BBBBBB" },
    ]);
    const bytes = Buffer.from(await body.arrayBuffer());
    expect(fileRanges.map((r) => bytes.subarray(r.start, r.end).toString())).toEqual(["AAAA", "BBBBBB"]);
  });

  it("names the photo whose bytes are on their way", () => {
    const ranges = [
      { start: 100, end: 200 },
      { start: 300, end: 400 },
      { start: 500, end: 600 },
    ];
    expect(uploadStage(0, 700, ranges)).toEqual({ percent: 0, photo: 0, photos: 3 });
    expect(uploadStage(150, 700, ranges)).toEqual({ percent: 21, photo: 1, photos: 3 });
    // Between two photos (the next part's header): still the one just finished.
    expect(uploadStage(250, 700, ranges).photo).toBe(1);
    expect(uploadStage(300, 700, ranges).photo).toBe(2);
    expect(uploadStage(599, 700, ranges).photo).toBe(3);
    expect(uploadStage(700, 700, ranges)).toEqual({ percent: 100, photo: 3, photos: 3 });
    expect(uploadStage(10, 20, [])).toEqual({ percent: 50, photo: 0, photos: 0 });
  });
});
