/**
 * The trap itself: a test run with it fails a test that writes to console.error or console.warn,
 * or logs an error line as a worker does, and passes one that declared the output it expects.
 * Run as a separate Vitest run on a file written for the purpose.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(import.meta.dirname, ".trap-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const FIXTURE = `import { it } from "vitest";
import { log } from "~/infra/log.server";
import { expectErrorOutput } from "../console-trap";

it("warns", () => { console.warn("a warning nobody reads"); });
it("errs", () => { console.error("an error nobody reads"); });
it("a worker logs an error", () => { process.env.LOG_LEVEL = "error"; log("error", "mail failed permanently"); });
it("expects its error", () => { expectErrorOutput(/declared/); console.error("a declared error"); });
it("stays quiet", () => {});
`;

describe("the console trap", () => {
  it("fails each test with unexpected error output, and only those", async () => {
    fs.writeFileSync(path.join(dir, "noisy.test.ts"), FIXTURE);
    const report = path.join(dir, "report.json");
    const config = path.join(dir, "vitest.config.ts");
    fs.writeFileSync(
      config,
      `import path from "node:path";
export default {
  resolve: { alias: { "~": ${JSON.stringify(path.join(root, "app"))} } },
  test: { root: ${JSON.stringify(dir)}, include: ["noisy.test.ts"], setupFiles: [${JSON.stringify(path.join(root, "tests/support/console-trap.ts"))}] },
};\n`,
    );
    await run(
      process.execPath,
      [
        path.join(root, "node_modules/vitest/vitest.mjs"),
        "run",
        "--config",
        config,
        "--reporter=json",
        `--outputFile=${report}`,
      ],
      {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: "error" },
      },
    ).catch(() => undefined);
    const results = (
      JSON.parse(fs.readFileSync(report, "utf8")) as {
        testResults: { assertionResults: { title: string; status: string }[] }[];
      }
    ).testResults.flatMap((file) => file.assertionResults);
    expect(Object.fromEntries(results.map((test) => [test.title, test.status]))).toEqual({
      warns: "failed",
      errs: "failed",
      "a worker logs an error": "failed",
      "expects its error": "passed",
      "stays quiet": "passed",
    });
  }, 60_000);
});
