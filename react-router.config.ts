import fs from "node:fs";
import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/route-registry";

// Articles are prerendered from their files, so adding a Markdown file is all it takes to publish one.
const articlePaths = fs
  .readdirSync("app/content/blog")
  .filter((f) => f.endsWith(".md"))
  .map((f) => `/blog/${f.slice(0, -3)}`);

export default {
  // Server rendering stays on for what cannot be prerendered: form posts answered as pages (no
  // JavaScript), the 404 page with its status, and the newsletter confirmation links.
  ssr: true,
  // The whole route table comes with the page's scripts. Discovering routes after hydration fetched
  // it in parts and re-rendered the page for each part, the costliest work a phone did at start
  // (decision record 0024).
  routeDiscovery: { mode: "initial" },
  prerender: { paths: [...prerenderedPaths, ...articlePaths], concurrency: 2 },
} satisfies Config;
