// Adds up the test runners' JSON reports into one closing line: "tests: N passed, N failed", then
// the seconds each phase of scripts/test.sh took, and names each failed test above it with the start
// of its message. CI keeps only the tail of a long log, so a failure and where the time went must be
// readable from the last lines alone.
import fs from "node:fs";

const read = (file) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : null);
// The runners colour their messages; a log file shows those codes as noise.
const colourCode = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g");
const plain = (text) => String(text ?? "").replace(colourCode, "");
// A message's first lines, each cut short: one line can hold a whole page's HTML.
const firstLines = (text) =>
  plain(text)
    .split("\n")
    .slice(0, 6)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .join("\n      ");
let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];

// Each Vitest process of the run writes its own report; test.sh names them in reports/vitest-runs,
// so that a report a process never wrote is a failure, not a smaller count.
const listed = fs.existsSync("reports/vitest-runs")
  ? fs.readFileSync("reports/vitest-runs", "utf8").split("\n").filter(Boolean)
  : ["reports/vitest.json", "reports/vitest-lighthouse.json"];
for (const file of listed) {
  const vitest = read(file);
  if (vitest) {
    passed += vitest.numPassedTests;
    failed += vitest.numFailedTests;
    skipped += vitest.numPendingTests + vitest.numTodoTests;
    for (const suite of vitest.testResults) {
      const failedTests = suite.assertionResults.filter((test) => test.status === "failed");
      for (const test of failedTests)
        failures.push(`${suite.name} › ${test.fullName}\n      ${firstLines(test.failureMessages?.[0])}`);
      // A file that fails to load has no failed test but a message of its own.
      if (suite.status === "failed" && failedTests.length === 0)
        failures.push(`${suite.name}\n      ${firstLines(suite.message)}`);
    }
  } else {
    failed++;
    failures.push(`${file} was not written: its runner did not finish`);
  }
}

function playwrightFailures(suite, titles) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      if (test.status !== "unexpected") continue;
      const error = test.results.at(-1)?.error?.message;
      failures.push(`${spec.file} › ${[...titles, spec.title].join(" › ")}\n      ${firstLines(error)}`);
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, [...titles, child.title]);
}

const playwright = read("reports/playwright.json");
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
  for (const suite of playwright.suites) playwrightFailures(suite, []);
} else {
  failed++;
  failures.push("reports/playwright.json was not written: its runner did not finish");
}

// "name seconds" a line, in the order the phases started; phases that overlap each show their own.
const phases = fs.existsSync("reports/phases")
  ? fs
      .readFileSync("reports/phases", "utf8")
      .split("\n")
      .map((line) => line.trim().split(/\s+/))
      .filter((words) => words.length === 2 && /^\d+$/.test(words[1]))
      .map(([name, seconds]) => `${name} ${seconds} s`)
  : [];

if (failures.length > 0) console.log(`failed:\n${failures.map((failure) => `  ✗ ${failure}`).join("\n")}`);
const counts = `tests: ${passed} passed, ${failed} failed, ${skipped} skipped`;
console.log(phases.length > 0 ? `${counts} · ${phases.join(", ")}` : counts);
