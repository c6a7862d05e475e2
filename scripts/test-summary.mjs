// Adds up the test runners' JSON reports into one closing line: "tests: N passed, N failed".
import fs from "node:fs";

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
let passed = 0;
let failed = 0;
let skipped = 0;

for (const file of ["reports/vitest.json", "reports/vitest-lighthouse.json"]) {
  const vitest = read(file);
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + vitest.numTodoTests;
  } else failed++;
}

const playwright = read("reports/playwright.json");
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else failed++;

console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
