/**
 * The architecture of app/layers.ts, checked against the code as it is: every folder is placed,
 * every import follows the layers, `npm run lint` refuses an import across each edge, no folder
 * imports another around a circle, only the lead record writes a lead, no file grows past the
 * size one reader can hold, and decision record 0027 shows the table as it is.
 */
import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";
import { COMPUTED_IMPORTS, EDGES, importRefusal, type Layer, LAYERS, moduleOf, PUBLIC_DESK_IMPORTS } from "./layers";

const root = path.resolve(import.meta.dirname, "..");
const app = path.join(root, "app");
const MAX_LINES = 400;

const toApp = (file: string) => path.relative(app, file).split(path.sep).join("/");

function walk(dir: string): { files: string[]; dirs: string[] } {
  const files: string[] = [];
  const dirs: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === "+types") continue;
      dirs.push(full);
      const inner = walk(full);
      files.push(...inner.files);
      dirs.push(...inner.dirs);
    } else files.push(full);
  }
  return { files, dirs };
}

const tree = walk(app);
const codeFiles = tree.files.filter((file) => /\.tsx?$/.test(file));
const sourceFiles = codeFiles.filter((file) => !/\.test\.tsx?$/.test(file));

/** Every import of the app's own files: from which file, and the path it names under app/. */
function imports(): { file: string; target: string }[] {
  return sourceFiles.flatMap((file) => {
    const text = fs.readFileSync(file, "utf8");
    return [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)["']([^"']+)["']/g)].flatMap((match) => {
      const spec = match[1] ?? "";
      let target: string;
      if (spec.startsWith("~/")) target = path.join(app, spec.slice(2));
      else if (spec.startsWith(".")) target = path.resolve(path.dirname(file), spec);
      else return [];
      return target.startsWith(app + path.sep) ? [{ file, target: toApp(target) }] : [];
    });
  });
}

function moduleGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const { file, target } of imports()) {
    const from = moduleOf(toApp(file));
    const to = moduleOf(target);
    if (!from || !to || from === to) continue;
    graph.set(from, (graph.get(from) ?? new Set()).add(to));
  }
  return graph;
}

/** A cycle through the graph as a path of modules, or undefined when there is none. */
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

/**
 * Files that write the `leads` table: through Kysely, under any alias, or in raw SQL. A migration
 * is exempt: it upgrades every row once, before the code that owns them runs.
 */
function writesLeads(text: string): boolean {
  const builder = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*["'`]leads(\s+as\s+\w+)?["'`]/;
  const raw = /\b(insert\s+(or\s+\w+\s+)?into|update|delete\s+from)\s+["`]?leads["`]?(\s|$|;)/i;
  return builder.test(text) || raw.test(text);
}

const RECORD = "docs/decisions/0027-layers-as-data.md";

/**
 * How the layer table of a decision record differs from `layers`: the layers in another order, or
 * a layer naming other modules. A row is `| layer | modules |`, each module in backticks.
 */
function tableMismatches(markdown: string, layers: readonly Layer[]): string[] {
  const lines = markdown.split("\n").map((line) => line.trim());
  const header = lines.findIndex((line) => /^\|\s*layer\s*\|\s*modules\s*\|$/.test(line));
  if (header === -1) return [`${RECORD} has no table headed "| layer | modules |"`];
  const rows: { name: string; modules: string[] }[] = [];
  for (const line of lines.slice(header + 1)) {
    if (!line.startsWith("|")) break;
    if (/^\|[\s|:-]+\|$/.test(line)) continue;
    const [, name = "", modules = ""] = line.split("|");
    rows.push({ name: name.trim(), modules: [...modules.matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "") });
  }
  const mismatches: string[] = [];
  const order = (names: string[]) => names.join(", ");
  if (order(rows.map((row) => row.name)) !== order(layers.map((layer) => layer.name)))
    mismatches.push(
      `the layers are ${order(rows.map((row) => row.name))} in ${RECORD}, ${order(layers.map((layer) => layer.name))} in app/layers.ts`,
    );
  for (const layer of layers) {
    const row = rows.find((candidate) => candidate.name === layer.name);
    if (!row) continue;
    const lacks = layer.modules.filter((module) => !row.modules.includes(module));
    const extra = row.modules.filter((module) => !layer.modules.includes(module));
    if (lacks.length) mismatches.push(`${RECORD} lacks ${lacks.join(", ")} in the ${layer.name} layer`);
    if (extra.length)
      mismatches.push(`${RECORD} puts ${extra.join(", ")} in the ${layer.name} layer; app/layers.ts does not`);
  }
  return mismatches;
}

describe("the layers of app/layers.ts", () => {
  it("places every folder and top-level module of app/, and names each once", () => {
    const unplaced = [
      ...tree.dirs
        .filter((dir) => fs.readdirSync(dir, { withFileTypes: true }).some((entry) => entry.isFile()))
        .map((dir) => `${toApp(dir)}/`)
        .filter((dir) => moduleOf(`${dir}x.ts`) === undefined),
      ...codeFiles.filter((file) => path.dirname(file) === app && moduleOf(toApp(file)) === undefined).map(toApp),
    ].filter((name) => !name.endsWith(".test.ts"));
    expect(unplaced).toEqual([]);
    const named = LAYERS.flatMap((layer) => layer.modules);
    expect(new Set(named).size).toBe(named.length);
    // An edge joins two placed modules of one layer: an edge downwards would be needless, upwards a hole.
    for (const edge of EDGES) {
      const layerOf = (module: string) => LAYERS.findIndex((layer) => layer.modules.includes(module));
      expect(layerOf(edge.from), `${edge.from} → ${edge.to}`).toBeGreaterThanOrEqual(0);
      expect(layerOf(edge.from), `${edge.from} → ${edge.to}`).toBe(layerOf(edge.to));
    }
  });

  it("every import in the code follows the layers", () => {
    const refused = imports().flatMap(({ file, target }) => {
      const refusal = importRefusal(toApp(file), target);
      return refusal ? [`${toApp(file)} → ${target}: ${refusal}`] : [];
    });
    expect(refused).toEqual([]);
  });

  it("no two modules import each other, directly or around a circle", () => {
    expect(findCycle(moduleGraph())).toBeUndefined();
  });

  it("every allowance in app/layers.ts is still used", () => {
    const stem = (file: string) => file.replace(/\.tsx?$/, "");
    const made = new Set(imports().map(({ file, target }) => `${stem(toApp(file))} → ${stem(target)}`));
    for (const { from, to } of PUBLIC_DESK_IMPORTS) expect(made, `${from} → ${to}`).toContain(`${from} → ${to}`);
    for (const { file } of COMPUTED_IMPORTS)
      expect(
        fs.existsSync(path.join(app, file)) && /\bimport\s*\(/.test(fs.readFileSync(path.join(app, file), "utf8")),
        file,
      ).toBe(true);
  });

  it(`${RECORD} shows the layers as app/layers.ts has them`, () => {
    const markdown = fs.readFileSync(path.join(root, RECORD), "utf8");
    expect(tableMismatches(markdown, LAYERS), `update the table in ${RECORD} to app/layers.ts`).toEqual([]);
  });

  it("the check of the record's table names every difference", () => {
    const layers: Layer[] = [
      { name: "data", why: "", modules: ["content", "generated"] },
      { name: "features", why: "", modules: ["leads", "jobs"] },
    ];
    const table = (rows: string) => `Intro\n\n  | layer | modules |\n  | --- | --- |\n${rows}\n\nAfter.\n`;
    expect(
      tableMismatches(table("  | data | `content`, `generated` |\n  | features | `jobs`, `leads` |"), layers),
    ).toEqual([]);
    expect(
      tableMismatches(table("  | data | `content`, `generated` |\n  | features | `leads`, `seo` |"), layers),
    ).toEqual([
      `${RECORD} lacks jobs in the features layer`,
      `${RECORD} puts seo in the features layer; app/layers.ts does not`,
    ]);
    expect(
      tableMismatches(table("  | features | `leads`, `jobs` |\n  | data | `content`, `generated` |"), layers),
    ).toEqual([`the layers are features, data in ${RECORD}, data, features in app/layers.ts`]);
    expect(tableMismatches(table("  | data | `content`, `generated` |"), layers)[0]).toMatch(
      /data in .*data, features in/,
    );
    expect(tableMismatches("no table here", layers)).toEqual([`${RECORD} has no table headed "| layer | modules |"`]);
  });

  it("the lead record imports nothing from the features built on it", () => {
    const intoFeatures = imports().filter(
      ({ file, target }) =>
        toApp(file).startsWith("leads/record/") && /^(quotes|visits|reviews|projects|alerts)\//.test(target),
    );
    expect(intoFeatures.map(({ file, target }) => `${toApp(file)} → ${target}`)).toEqual([]);
  });
});

// The first lint loads the TypeScript parser, which takes seconds on a busy machine.
describe("npm run lint refuses an import across a layer", { timeout: 60_000 }, () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });
  const refusal = async (file: string, from: string) => {
    const text = `import { x } from "${from}";\nexport const y = x;\n`;
    const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
    return result?.messages.find((m) => m.ruleId === "architecture/layers")?.message;
  };

  it("refuses the imports that once slipped through", async () => {
    expect(await refusal("app/infra/probe.server.ts", "~/projects/projects.server")).toMatch(/layers below it/);
    expect(await refusal("app/components/sections/probe.tsx", "~/quotes/quote-editor")).toMatch(/sibling app\/quotes/);
    expect(await refusal("app/live/probe.server.ts", "~/routes/home")).toMatch(/layers below it/);
    expect(await refusal("app/notices/probe.server.ts", "~/quotes/send-quote.server")).toMatch(/sibling/);
    expect(await refusal("app/seo/probe.ts", "~/reviews/reviews.server")).toMatch(/sibling app\/reviews/);
    expect(await refusal("app/leads/record/probe.server.ts", "../../visits/visits.server")).toMatch(/sibling/);
    expect(await refusal("app/ui/probe.tsx", "../owner/desk-frame")).toMatch(/nothing from the desk/);
    expect(await refusal("app/components/layout/probe.tsx", "~/leads/record/lead-sections")).toMatch(/desk/);
    expect(await refusal("app/content/probe.ts", "../settings/site")).toMatch(/layers below it/);
    expect(await refusal("app/paperwork/probe.ts", "~/quotes/quote-document")).toMatch(/layers below it/);
    expect(await refusal("app/invoices/probe.server.ts", "../quotes/quote-content")).toMatch(/sibling app\/quotes/);
  });

  it("allows what the layers allow", async () => {
    expect(await refusal("app/components/sections/probe.tsx", "~/leads/estimate-button")).toBeUndefined();
    expect(await refusal("app/infra/probe.server.ts", "~/content/profile")).toBeUndefined();
    expect(await refusal("app/quotes/probe.server.ts", "~/leads/record/changes.server")).toBeUndefined();
    expect(await refusal("app/visits/probe.server.ts", "../owner/audit.server")).toBeUndefined();
    expect(await refusal("app/invoices/probe.server.ts", "~/paperwork/money")).toBeUndefined();
  });

  /** One import each module may not make: the first module above it, or a sibling with no edge. */
  const probes = LAYERS.flatMap((layer, index) =>
    layer.modules.map((module) => {
      const above = LAYERS[index + 1]?.modules[0];
      const sibling = layer.modules.find(
        (other) => other !== module && !EDGES.some((edge) => edge.from === module && edge.to === other),
      );
      const target = above ?? sibling;
      const atTop = !module.includes("/") && !tree.dirs.includes(path.join(app, module));
      const file = atTop ? `app/${module}.tsx` : `app/${module}/probe.tsx`;
      return [module, { file, target }] as const;
    }),
  );

  it.each(probes)("refuses one illegal import from app/%s", async (_module, { file, target }) => {
    expect(target, "every module has something it may not import").toBeDefined();
    expect(await refusal(file, `~/${target}/probe`)).toBeDefined();
  });
});

describe("the code's shape", () => {
  it("no server module keeps a timer of its own: periodic work goes through the scheduler", () => {
    const timers = sourceFiles
      .filter((file) => /\.server\.tsx?$/.test(file))
      .filter((file) => /\bsetInterval\(/.test(fs.readFileSync(file, "utf8")))
      .map(toApp);
    expect(timers).toEqual([]);
  });

  it("the actor, the link token, its hash and its shape check are each written once", () => {
    const declarations = (pattern: RegExp) =>
      sourceFiles.flatMap((file) => [...fs.readFileSync(file, "utf8").matchAll(pattern)].map(() => toApp(file)));
    expect(declarations(/\b(?:interface|type)\s+Actor\b/g)).toEqual(["owner/actor.ts"]);
    expect(declarations(/\bfunction\s+randomToken\b/g)).toEqual(["infra/link-token.server.ts"]);
    expect(declarations(/\bfunction\s+hashToken\b/g)).toEqual(["infra/link-token.server.ts"]);
    expect(declarations(/\bfunction\s+is\w*Token\b/g)).toEqual(["infra/link-token.server.ts"]);
  });

  it("the id pattern and the day pattern are each written once", () => {
    // The data layer imports nothing of the app, so its content schemas keep their own day pattern.
    const writers = (pattern: RegExp) =>
      sourceFiles
        .map(toApp)
        .filter((file) => !file.startsWith("content/") && !file.startsWith("generated/"))
        .filter((file) => pattern.test(fs.readFileSync(path.join(app, file), "utf8")));
    expect(writers(/\[0-9a-f-?\]\{(?:8|36)\}/)).toEqual(["forms/ids.ts"]);
    expect(writers(/\^\(?\\d\{4\}\)?-\(?\\d\{2\}\)?-\(?\\d\{2\}\)?\$/)).toEqual(["time/typed-day.ts"]);
  });

  it("the guard against lead writers sees aliases and raw SQL", () => {
    expect(writesLeads(`db.updateTable("leads as l").set({ status: "won" })`)).toBe(true);
    expect(writesLeads(`trx.deleteFrom('leads').where("id", "=", id)`)).toBe(true);
    expect(writesLeads("await sql`UPDATE leads SET status = 'won'`.execute(db)")).toBe(true);
    expect(writesLeads('await sql`delete from "leads" where id = ${id}`.execute(db)')).toBe(true);
    expect(writesLeads("sql`insert or replace into leads (id) values (1)`")).toBe(true);
    expect(writesLeads(`db.selectFrom("leads as l").selectAll()`)).toBe(false);
    expect(writesLeads(`db.updateTable("leads_archive")`)).toBe(false);
    expect(writesLeads("sql`update lead_notes set body = ''`")).toBe(false);
  });

  it("only the lead record writes a lead", () => {
    const writers = sourceFiles
      .map(toApp)
      .filter((file) => !file.startsWith("leads/record/") && !file.startsWith("infra/migrations/"))
      .filter((file) => writesLeads(fs.readFileSync(path.join(app, file), "utf8")));
    expect(writers).toEqual([]);
  });

  it(`no file outside the tests and migrations is longer than ${MAX_LINES} lines`, () => {
    const long = sourceFiles
      .map(toApp)
      .filter((file) => !file.startsWith("infra/migrations/") && file !== "infra/migrations.server.ts")
      .map((file) => ({ file, lines: fs.readFileSync(path.join(app, file), "utf8").split("\n").length }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
