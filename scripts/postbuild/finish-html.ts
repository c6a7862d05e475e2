/**
 * Finishes every prerendered page in place (see `app/infra/finish-page.server.ts` for what that
 * means) and returns the hashes of each page's inline scripts for the server's
 * Content-Security-Policy. Writes the route table the public pages load beside React Router's
 * (`app/infra/public-route-table.ts`).
 */
import fs from "node:fs";
import path from "node:path";
import { finishPage } from "../../app/infra/finish-page.server";
import { publicRouteTable, publicRouteTableUrl } from "../../app/infra/public-route-table";

const ROUTE_TABLE = /^manifest-[\w-]+\.js$/;

/** Writes the public route table beside each of React Router's; none when the build lists no table. */
function writePublicRouteTables(clientDir: string): void {
  const assets = path.join(clientDir, "assets");
  if (!fs.existsSync(assets)) return;
  for (const name of fs.readdirSync(assets).filter((n) => ROUTE_TABLE.test(n) && !n.endsWith("-public.js"))) {
    const whole = fs.readFileSync(path.join(assets, name), "utf8");
    fs.writeFileSync(path.join(clientDir, publicRouteTableUrl(`assets/${name}`)), publicRouteTable(whole));
  }
}

function htmlFiles(dir: string, base = dir): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "assets" || entry.name === "img" ? [] : htmlFiles(full, base);
    return entry.name === "index.html" ? [path.relative(base, full)] : [];
  });
}

export function finishPrerenderedHtml(clientDir: string): {
  hashes: Record<string, string[]>;
  preloadsRemoved: number;
  bootsDeferred: number;
} {
  const hashes: Record<string, string[]> = {};
  let preloadsRemoved = 0;
  let bootsDeferred = 0;
  writePublicRouteTables(clientDir);
  for (const file of htmlFiles(clientDir).sort()) {
    const full = path.join(clientDir, file);
    const original = fs.readFileSync(full, "utf8");
    const finished = finishPage(original, file, "public");
    preloadsRemoved += finished.preloadsRemoved;
    if (finished.bootDeferred) bootsDeferred++;
    if (finished.html !== original) fs.writeFileSync(full, finished.html);
    hashes[file.split(path.sep).join("/")] = finished.scriptHashes;
  }
  return { hashes, preloadsRemoved, bootsDeferred };
}
