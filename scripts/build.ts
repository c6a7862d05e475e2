/**
 * `npm run build`: images, then React Router's build (which prerenders every public page), then
 * the prerendered HTML's finishing touches, brotli and gzip copies of the text files, then the
 * Express entry.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { firstFacts } from "../app/content/business-facts";
import { profile, validateProfile } from "../app/content/profile";
import { factProblems } from "../app/facts/facts-rules";
import { BUILD_SETTINGS_FILE, readBuildSettings } from "../app/settings/build-settings";
import { contentLinkProblems } from "./content-links";
import { compressTextFiles } from "./postbuild/compress";
import { finishPrerenderedHtml } from "./postbuild/finish-html";

const root = path.resolve(import.meta.dirname, "..");
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: root, stdio: "inherit" });
const step = (name: string, fn: () => void) => {
  const started = performance.now();
  fn();
  console.log(`build: ${name} ${((performance.now() - started) / 1000).toFixed(1)} s`);
};

// Every page shows the business profile: a malformed site address or time zone must stop the build.
const problems = validateProfile(profile);
if (problems.length) {
  console.error(`build: app/content/profile.ts is invalid:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
// The first facts are held to the rules the desk's publish is: the build starts every page from them.
const factIssues = Object.entries(factProblems(firstFacts, new Date().getFullYear()));
if (factIssues.length) {
  console.error(
    `build: app/content/business-facts.json is invalid:\n  ${factIssues.map(([k, m]) => `${k}: ${m}`).join("\n  ")}`,
  );
  process.exit(1);
}

// Checked before minutes of work, and recorded after it for the server to use as its defaults.
let settings: ReturnType<typeof readBuildSettings>;
try {
  settings = readBuildSettings();
} catch (error) {
  console.error(`build: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

step("images", () => run("npx", ["tsx", "scripts/build-images.ts"]));
// After the images (their manifest names the pictures there are), before minutes of rendering.
step("content links", () => {
  const found = contentLinkProblems(root);
  if (found.length === 0) return;
  console.error(`build: content names what the site does not have:\n  ${found.join("\n  ")}`);
  process.exit(1);
});
step("react-router", () => run("npx", ["react-router", "build"]));
step("html", () => {
  const result = finishPrerenderedHtml(path.join(root, "build/client"));
  fs.writeFileSync(path.join(root, "build/csp-hashes.json"), `${JSON.stringify(result.hashes, null, 2)}\n`);
  fs.writeFileSync(path.join(root, "build", BUILD_SETTINGS_FILE), `${JSON.stringify(settings, null, 2)}\n`);
  console.log(
    `build: ${Object.keys(result.hashes).length} pages finished, ${result.preloadsRemoved} modulepreload links removed, ${result.bootsDeferred} boot scripts wait for the first paint`,
  );
});
// After the HTML is final: the compressed copies must hold the same bytes as the files.
step("compress", () => {
  const result = compressTextFiles(path.join(root, "build/client"));
  const kb = (bytes: number) => `${Math.round(bytes / 1024)} KB`;
  console.log(
    `build: ${result.files} text files, ${kb(result.bytes)} → brotli ${kb(result.brotliBytes)}, gzip ${kb(result.gzipBytes)}`,
  );
});
step("server", () =>
  run("npx", [
    "esbuild",
    "server.ts",
    "--platform=node",
    "--format=esm",
    "--target=node20",
    "--bundle",
    "--packages=external",
    "--outfile=build/server.js",
    "--log-level=warning",
  ]),
);
