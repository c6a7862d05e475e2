/**
 * Brotli and gzip copies of every text file the browser downloads (pages, scripts, stylesheets,
 * SVG, XML, text, JSON), made once here at the highest settings so the server never compresses them
 * per request. Each copy sits beside its file (`index.html.br`, `index.html.gz`), where the server
 * (and nginx's gzip_static, if it serves the folder) finds it. A copy no smaller than its file is
 * not written: the file is sent as it is.
 */
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { ENCODING_SUFFIX, TEXT_TYPES } from "../../app/infra/precompressed.server";

export interface CompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

export function compressTextFiles(dir: string): CompressResult {
  const result: CompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !(path.extname(entry.name) in TEXT_TYPES)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const data = fs.readFileSync(file);
    const brotli = zlib.brotliCompressSync(data, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    });
    const gzip = zlib.gzipSync(data, { level: zlib.constants.Z_BEST_COMPRESSION, memLevel: 9 });
    result.files++;
    result.bytes += data.length;
    for (const [suffix, copy] of [
      [ENCODING_SUFFIX.br, brotli],
      [ENCODING_SUFFIX.gzip, gzip],
    ] as const) {
      const target = `${file}${suffix}`;
      if (copy.length < data.length) fs.writeFileSync(target, copy);
      else fs.rmSync(target, { force: true });
    }
    result.brotliBytes += Math.min(brotli.length, data.length);
    result.gzipBytes += Math.min(gzip.length, data.length);
  }
  return result;
}
