/**
 * The environment `npm start` gives the server, read from package.json's own start script, so the
 * tests and the benchmarks run the build the way production runs it (the allocator settings there
 * change how much memory the server holds) and the script stays the one place they are written.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export function startScriptEnvironment(): Record<string, string> {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const script = manifest.scripts?.start ?? "";
  const assignments = /^((?:[A-Z_][A-Z0-9_]*=\S*\s+)*)node build\/server\.js$/.exec(script.trim());
  if (!assignments)
    throw new Error(`package.json's start script is not "[NAME=value ...] node build/server.js": ${script}`);
  return Object.fromEntries(
    (assignments[1] ?? "")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}
