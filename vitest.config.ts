import path from "node:path";
import { defineConfig } from "vitest/config";
import { readBuildSettings } from "./app/settings/build-settings";
import { TEST_SEAL_KEY } from "./tests/support/seal-key";

// Unit tests sit next to their code; integration tests (real SQLite, PostgreSQL and SMTP) live in
// tests/integration. End-to-end tests are Playwright's (playwright.config.ts).
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  // The same build-time settings the app is built with, so code under test sees the same values.
  define: { __BUILD_SETTINGS__: JSON.stringify(readBuildSettings()) },
  test: {
    // A test that writes to console.error or console.warn, or logs an error, fails (see the file).
    setupFiles: ["tests/support/console-trap.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/support/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: { name: "build", include: ["tests/build/**/*.test.ts"], environment: "node" },
      },
      {
        extends: true,
        test: {
          name: "lighthouse",
          include: ["tests/quality/lighthouse.test.ts"],
          environment: "node",
          testTimeout: 30 * 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "quality",
          include: ["tests/quality/{links,headers}.test.ts", "tests/system/**/*.test.ts"],
          // One PostgreSQL cluster for the system tests (tests/support/system.ts), each test in a
          // database of its own, rather than a cluster started for each file.
          globalSetup: ["tests/support/global-setup.ts"],
          environment: "node",
          // The servers these tests start share the tests' own key (tests/support/seal-key.ts).
          env: { SEAL_KEY: TEST_SEAL_KEY },
          testTimeout: 120_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Starts one throwaway PostgreSQL cluster for the run (tests/support/postgres.ts).
          globalSetup: ["tests/support/global-setup.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
