/**
 * Every Vitest project loads this file: a test fails when anything it ran wrote to console.error
 * or console.warn, or logged an error line (`log("error", …)`: a worker's failure, a job that
 * threw), unless the test said beforehand that it expects that output with `expectErrorOutput`.
 * An error nobody looks at is how a broken worker hides behind a passing suite.
 *
 * The harness runs the server's code with LOG_LEVEL=error so that its error lines are written, and
 * so caught here; info and warn lines stay out of the test output.
 */
import { format } from "node:util";
import { afterAll, afterEach, beforeEach } from "vitest";

const expected: RegExp[] = [];
const caught: string[] = [];

/** The current test (or the file's hooks, when called outside a test) may write output matching these. */
export function expectErrorOutput(...patterns: RegExp[]): void {
  expected.push(...patterns);
}

for (const level of ["error", "warn"] as const) {
  const original = console[level].bind(console);
  console[level] = (...args: unknown[]) => {
    caught.push(`console.${level}: ${format(...args)}`);
    original(...args);
  };
}

const write = process.stderr.write.bind(process.stderr);
process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
  const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
  for (const line of text.split("\n")) {
    if (!line.startsWith("{")) continue;
    try {
      const entry: unknown = JSON.parse(line);
      if (typeof entry === "object" && entry !== null && "level" in entry && entry.level === "error")
        caught.push(`error log: ${line}`);
    } catch {
      // Not one of our log lines.
    }
  }
  return (write as (chunk: string | Uint8Array, ...rest: unknown[]) => boolean)(chunk, ...rest);
}) as typeof process.stderr.write;

function unexpectedOutput(): string[] {
  const found = caught.splice(0).filter((line) => !expected.some((pattern) => pattern.test(line)));
  return found;
}

beforeEach(() => {
  // Output between tests (a hook, a worker between two tests) is judged with the next test.
  expected.length = 0;
});

afterEach(() => {
  const found = unexpectedOutput();
  if (found.length > 0)
    throw new Error(
      `unexpected error output (a test that means it calls expectErrorOutput first):\n${found.join("\n")}`,
    );
});

afterAll(() => {
  const found = unexpectedOutput();
  if (found.length > 0) throw new Error(`unexpected error output after the last test:\n${found.join("\n")}`);
});
