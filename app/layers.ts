/**
 * Where every folder of app/ sits, and so what it may import. `eslint.config.ts` builds its import
 * rule from this table and `app/architecture.test.ts` checks the code against it, so a new folder
 * is placed here before it can be linted (lint refuses a file the table does not place).
 *
 * The rule: a module imports from the layers below its own, never above. Within a layer it imports
 * a sibling only along an edge named below with its reason: features stay apart unless one truly
 * drives another. Public code (the public components and pages, and the root route) also never
 * imports the desk, even where the layers would allow it, so desk code cannot reach a public page's
 * bundle. A file the table does not place is refused, as is an import whose path is computed as the
 * code runs: neither could be checked.
 *
 * A module is a folder (`quotes`, `ui`) or a file at app/'s top, named without its
 * extension (`root`, `route-registry`); `routes` is both the folder and `routes.ts`. A file belongs
 * to the longest module path that contains it.
 */

export interface Layer {
  name: string;
  /** What the layer is for, shown in lint's message when a rule is broken. */
  why: string;
  modules: readonly string[];
}

export const LAYERS: readonly Layer[] = [
  {
    name: "data",
    why: "the business's content and the files made at build time; they import nothing of the app",
    modules: ["content", "generated"],
  },
  {
    name: "foundation",
    why: "settings, the business's clock, text rules, the route table and the UI primitives; no database, no feature",
    modules: ["layers", "settings", "time", "forms", "route-registry", "ui"],
  },
  {
    name: "platform",
    why: "plumbing any feature may use (database, outbox, mail, scheduler, uploads, the live pages); no feature",
    modules: ["infra", "live"],
  },
  {
    name: "desk kit",
    why: "owners, sign-in, sessions, the audit log and the desk's frame, below the features that use them",
    modules: ["owner"],
  },
  {
    name: "business facts",
    why: "the phone, email, address, hours and figures the owner publishes, read by every page, email and document; no feature",
    modules: ["facts"],
  },
  {
    name: "site pages",
    why: "the service pages, the FAQ and the articles as published: the repository's Markdown until the owner publishes their own; no feature",
    modules: ["site-pages"],
  },
  {
    name: "paperwork",
    why: "money, the PDF pen and page copy, the contractor's lines, contract terms and business days that every document uses; no feature",
    modules: ["paperwork"],
  },
  {
    name: "features",
    why: "each feature owns its tables, rules, emails and process; features are siblings",
    modules: [
      "leads",
      "visits",
      "quotes",
      "jobs",
      "invoices",
      "reviews",
      "projects",
      "notices",
      "closed-days",
      "watch",
      "alerts",
      "ops",
      "seo",
      "components/layout",
      "components/sections",
    ],
  },
  {
    name: "composition",
    why: "pages and the composition root: they wire the features together, and nothing imports them",
    modules: ["routes", "root", "entry", "server"],
  },
];

export interface Edge {
  from: string;
  to: string;
  why: string;
}

/** The sibling imports the layers allow, each with the reason it is needed. */
export const EDGES: readonly Edge[] = [
  { from: "live", to: "infra", why: "the published version and the rendered pages are kept in the database" },
  {
    from: "visits",
    to: "leads",
    why: "a booked, moved or cancelled visit moves its lead's status through the lead record",
  },
  { from: "quotes", to: "leads", why: "sending and accepting a quote move the lead's status through the lead record" },
  { from: "projects", to: "leads", why: "a project is started from a won lead" },
  {
    from: "watch",
    to: "leads",
    why: "a home watch plan is made from the homeowner's request, and its emails and documents belong to that lead",
  },
  {
    from: "watch",
    to: "invoices",
    why: "a plan's month is billed through the invoices' numbering, ways to pay and payment counting",
  },
  { from: "jobs", to: "leads", why: "small work is started as a job from a won lead, held through the lead record" },
  {
    from: "jobs",
    to: "quotes",
    why: "a job carries on an accepted contract: its items, terms and warranty, its PDF's name and its link",
  },
  {
    from: "jobs",
    to: "reviews",
    why: "completing a job is when the automatic review request is sent",
  },
  {
    from: "invoices",
    to: "jobs",
    why: "invoices and payments belong to a job: it is held while they change, and its page's link goes in their emails",
  },
  {
    from: "invoices",
    to: "leads",
    why: "a lead's deletion keeps its signed records, invoices and payments, as one of the deletion's steps",
  },
  { from: "alerts", to: "leads", why: "reminders and the morning digest read the leads waiting for an answer" },
  { from: "alerts", to: "visits", why: "the morning digest lists the day's site visits" },
  { from: "leads", to: "notices", why: "the estimate form and its reply name the notice in force" },
  { from: "seo", to: "projects", why: "structured data and the sitemap list the published projects" },
  { from: "components/layout", to: "leads", why: "every page's header opens the estimate dialog" },
  { from: "components/layout", to: "notices", why: "every page shows the notice in force" },
  { from: "components/sections", to: "leads", why: "sections end with a button that opens the estimate dialog" },
  { from: "components/sections", to: "components/layout", why: "sections sit inside the page's frame" },
  {
    from: "components/sections",
    to: "projects",
    why: "the recent-work sections of the home and service pages show the newest published projects",
  },
  {
    from: "components/sections",
    to: "reviews",
    why: "the recent-work sections of the home and service pages show the newest reviews",
  },
  {
    from: "routes",
    to: "server",
    why: "a page starts a process that spans features (deleting a lead, accepting a contract) from the list the composition root keeps",
  },
  { from: "entry", to: "server", why: "the server entry renders with the services the composition root starts" },
];

/** Modules that public code never imports, whatever their layer: code only the desk runs. */
export const DESK_ONLY: readonly string[] = ["owner", "leads/record", "alerts", "ops"];

/** Modules whose code reaches public pages' bundles. */
export const PUBLIC_COMPONENTS: readonly string[] = ["ui", "components/layout", "components/sections"];

/**
 * The desk's own pages are the route modules named `owner…`; every other route is a public page.
 * A desk page is desk code as much as `owner/` is, so a public one imports it no more than it does.
 */
export const isDeskRoute = (path: string): boolean => path.startsWith("routes/owner");

/**
 * A `.server` file never reaches a bundle (the build refuses one in browser code), so it may use
 * the desk; that is how a public page's loader or action reads a session or writes the audit log.
 */
const isServerOnly = (path: string): boolean => /\.server(\.tsx?)?$/.test(path);

/**
 * Files whose code reaches a public page's bundle: the public components, the public routes, and
 * the root route, which every page loads.
 */
export function isPublicFile(path: string): boolean {
  if (isServerOnly(path)) return false;
  const module = moduleOf(path);
  if (module !== undefined && PUBLIC_COMPONENTS.includes(module)) return true;
  if (path.startsWith("routes/")) return !isDeskRoute(path);
  return module === "root";
}

export interface Allowance {
  /** The importing file under app/, named without its extension as an import would name it. */
  from: string;
  to: string;
  why: string;
}

/** The only desk files public code imports besides `.server` ones, each harmless in a bundle. */
export const PUBLIC_DESK_IMPORTS: readonly Allowance[] = [
  {
    from: "root",
    to: "owner/desk-handle",
    why: "the root route tells the desk's pages from the public ones by their handle and names the desk's manifest; the file holds only that mark and an address",
  },
];

/**
 * Files that may import a path computed when the code runs, which no rule can follow to its layer,
 * each with its reason. None needs one: the one computed import, the migrations test loading each
 * migration file, is in a test, and tests are outside the layers rule.
 */
export const COMPUTED_IMPORTS: readonly { file: string; why: string }[] = [];

const layerIndex = new Map(LAYERS.flatMap((layer, index) => layer.modules.map((module) => [module, index] as const)));

export function layerOf(module: string): Layer | undefined {
  const index = layerIndex.get(module);
  return index === undefined ? undefined : LAYERS[index];
}

/**
 * The module a path under app/ belongs to (`quotes/send-quote.server.ts` → `quotes`), or undefined
 * for one the table does not place. `targetPath` is a path relative to app/, with forward slashes.
 */
export function moduleOf(relativePath: string): string | undefined {
  const parts = relativePath.split("/");
  if (parts.length === 1) {
    const stem = (parts[0] ?? "").replace(/(\.server)?\.(tsx?|json)$/, "");
    return layerIndex.has(stem) ? stem : undefined;
  }
  for (let depth = parts.length - 1; depth >= 1; depth--) {
    const candidate = parts.slice(0, depth).join("/");
    if (layerIndex.has(candidate)) return candidate;
  }
  return undefined;
}

const stem = (path: string) => path.replace(/\.(tsx?|json)$/, "");

/** Why a file of app/ the table does not place is refused, or undefined for a placed one. */
export function placementRefusal(path: string): string | undefined {
  if (moduleOf(path) !== undefined) return undefined;
  return `app/${path} is placed in no layer of app/layers.ts: name its folder (or, for a file at app/'s top, its name) in a layer, so lint knows what it may import.`;
}

/** Why `path` may not import a path computed as it runs, or undefined where the table allows it. */
export function computedImportRefusal(path: string): string | undefined {
  if (COMPUTED_IMPORTS.some((allowed) => allowed.file === path)) return undefined;
  return `app/${path} imports a path computed as it runs, which no rule can place in a layer: import a string, or name the file with its reason in COMPUTED_IMPORTS of app/layers.ts.`;
}

function deskRefusal(fromPath: string, toPath: string): string | undefined {
  if (!isPublicFile(fromPath) || isServerOnly(toPath)) return undefined;
  const desk = DESK_ONLY.some((module) => toPath === module || toPath.startsWith(`${module}/`));
  if (!desk && !isDeskRoute(toPath)) return undefined;
  if (PUBLIC_DESK_IMPORTS.some((allowed) => allowed.from === stem(fromPath) && allowed.to === stem(toPath)))
    return undefined;
  return `app/${fromPath} reaches a public page's bundle and imports nothing from the desk (app/${toPath}): desk code must never reach a public page. Only the desk's .server files, which stay on the server, are open to it.`;
}

/**
 * Why the file `fromPath` may not import the file `toPath`, or undefined when it may; both are
 * paths relative to app/. A module always imports itself, except that public code never imports
 * the desk.
 */
export function importRefusal(fromPath: string, toPath: string): string | undefined {
  const from = moduleOf(fromPath);
  const to = moduleOf(toPath);
  if (from === undefined || to === undefined) return undefined;
  const desk = deskRefusal(fromPath, toPath);
  if (desk) return desk;
  if (to === from) return undefined;
  const fromIndex = layerIndex.get(from);
  const toIndex = layerIndex.get(to);
  if (fromIndex === undefined || toIndex === undefined) return undefined;
  const fromLayer = LAYERS[fromIndex];
  const toLayer = LAYERS[toIndex];
  if (!fromLayer || !toLayer) return undefined;
  if (toIndex < fromIndex) return undefined;
  if (toIndex === fromIndex && EDGES.some((edge) => edge.from === from && edge.to === to)) return undefined;
  if (toIndex > fromIndex)
    return `app/${from} (${fromLayer.name}) may not import app/${to} (${toLayer.name}): a module imports only from the layers below it. The ${fromLayer.name} layer holds ${fromLayer.why}.`;
  return `app/${from} may not import its sibling app/${to} (both ${fromLayer.name}): ${fromLayer.why}. Name the edge and its reason in app/layers.ts, or move the shared part down a layer.`;
}
