/**
 * How `npm start` runs the server, read from package.json's own start script: the environment it
 * sets and the flags it gives Node. The tests and the benchmarks run the build the same way (the
 * allocator and heap settings there change how much memory the server holds), and the script
 * stays the one place they are written.
 */
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");

export interface StartCommand {
  environment: Record<string, string>;
  /** Node's own flags, then the entry: ready for `spawn(process.execPath, args)`. */
  args: string[];
}

export function startCommand(): StartCommand {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    scripts?: Record<string, string>;
  };
  const script = manifest.scripts?.start ?? "";
  const parts = /^((?:[A-Z_][A-Z0-9_]*=\S*\s+)*)node((?:\s+--[a-z-]+(?:=\S+)?)*)\s+build\/server\.js$/.exec(
    script.trim(),
  );
  if (!parts)
    throw new Error(
      `package.json's start script is not "[NAME=value ...] node [--flag ...] build/server.js": ${script}`,
    );
  const words = (text: string | undefined) => (text ?? "").trim().split(/\s+/).filter(Boolean);
  return {
    environment: Object.fromEntries(
      words(parts[1]).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
    ),
    args: [...words(parts[2]), "build/server.js"],
  };
}
