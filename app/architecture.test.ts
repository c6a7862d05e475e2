/**
 * The module boundaries of docs/decisions/0018-module-boundaries.md, checked against the code as
 * it is: which folder of app/ imports which, that `npm run lint` refuses an import across a
 * boundary, and that the lead record is the only code that writes a lead.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const app = path.join(root, "app");

function sourceFiles(dir: string = app): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "+types" || entry.name === "generated" ? [] : sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** The folder a file belongs to: `leads`, `components/ui`; a file at app/'s top is its own, as `route-registry`. */
function folderOf(file: string): string {
  const parts = path.relative(app, file).split(path.sep);
  if (parts.length === 1) return (parts[0] ?? "").replace(/(\.server)?\.tsx?$/, "");
  return parts[0] === "components" && parts.length > 2 ? `components/${parts[1]}` : (parts[0] ?? ".");
}

/** Which folder imports which, from every import and export statement of the app's own files. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles()) {
    const from = folderOf(file);
    const text = fs.readFileSync(file, "utf8");
    for (const match of text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)) {
      const spec = match[1] ?? "";
      let target: string;
      if (spec.startsWith("~/")) target = path.join(app, spec.slice(2));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
      else continue;
      if (!target.startsWith(app)) continue;
      const to = folderOf(fs.existsSync(target) && fs.statSync(target).isDirectory() ? `${target}/x` : target);
      if (to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** A cycle through the graph as a path of folders, or undefined when there is none. */
function findCycle(graph: Map<string, Set<string>>): string[] | undefined {
  const state = new Map<string, "open" | "done">();
  const trail: string[] = [];
  const visit = (node: string): string[] | undefined => {
    if (state.get(node) === "done") return undefined;
    if (state.get(node) === "open") return [...trail.slice(trail.indexOf(node)), node];
    state.set(node, "open");
    trail.push(node);
    for (const next of graph.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    trail.pop();
    state.set(node, "done");
    return undefined;
  };
  for (const node of graph.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return undefined;
}

describe("the module boundaries", () => {
  it("no two folders import each other, directly or around a circle", () => {
    expect(findCycle(folderGraph())).toBeUndefined();
  });

  it("infra imports no feature, content imports nothing of the app", () => {
    const graph = folderGraph();
    const notFeatures = ["content", "settings", "time", "route-registry"];
    expect([...(graph.get("infra") ?? [])].filter((folder) => !notFeatures.includes(folder))).toEqual([]);
    expect([...(graph.get("content") ?? [])]).toEqual([]);
  });

  it("npm run lint refuses an import across a boundary", async () => {
    const eslint = new ESLint({ cwd: root });
    const refusal = async (file: string, from: string) => {
      const [result] = await eslint.lintText(`import { x } from "${from}";\nexport const y = x;\n`, { filePath: file });
      return result?.messages.find((m) => m.ruleId === "no-restricted-imports")?.message;
    };
    expect(await refusal("app/infra/new.server.ts", "~/leads/record/queries.server")).toMatch(/imports no feature/);
    expect(await refusal("app/infra/new.server.ts", "../visits/visits.server")).toMatch(/imports no feature/);
    expect(await refusal("app/components/sections/new.tsx", "~/owner/desk-frame")).toMatch(/nothing from the desk/);
    expect(await refusal("app/components/ui/new.tsx", "../../alerts/push-client")).toMatch(/nothing from the desk/);
    expect(await refusal("app/content/new.ts", "~/route-registry")).toMatch(/imports nothing else of the app/);
    expect(await refusal("app/content/new.ts", "../config")).toMatch(/imports nothing else of the app/);
    expect(await refusal("app/visits/new.server.ts", "~/leads/record/changes.server")).toMatch(/lead record/);
    // What the layers allow is not refused.
    expect(await refusal("app/components/sections/new.tsx", "~/leads/estimate-button")).toBeUndefined();
    expect(await refusal("app/infra/new.server.ts", "~/content/profile")).toBeUndefined();
  });

  it("no server module keeps a timer of its own: periodic work goes through the scheduler", () => {
    const timers = sourceFiles()
      .filter((file) => /\.server\.tsx?$/.test(file))
      .filter((file) => /\bsetInterval\(/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file));
    expect(timers).toEqual([]);
  });

  it("only the lead record writes a lead", () => {
    const record = path.join(app, "leads", "record") + path.sep;
    const writers = sourceFiles()
      .filter((file) => !file.startsWith(record))
      .filter((file) => /(insertInto|updateTable|deleteFrom)\(\s*["']leads["']/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file));
    expect(writers).toEqual([]);
  });
});
