/** Reads the production build's prerendered pages: these tests run after `npm run build`. */
import fs from "node:fs";
import path from "node:path";

export const clientDir = path.resolve(import.meta.dirname, "../../build/client");

export function prerenderedPages(): { file: string; urlPath: string }[] {
  const found: { file: string; urlPath: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== "assets" && entry.name !== "img") walk(full);
      } else if (entry.name === "index.html") {
        const rel = path.relative(clientDir, path.dirname(full)).split(path.sep).join("/");
        found.push({ file: full, urlPath: `/${rel}` });
      }
    }
  };
  if (!fs.existsSync(clientDir)) throw new Error("No build found: run `npm run build` first");
  walk(clientDir);
  return found.sort((a, b) => a.urlPath.localeCompare(b.urlPath));
}
