import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { CHROMIUM_FLAGS, E2E_CHROMIUM_PATH } from "./tests/support/chromium";
import { TEST_SEAL_KEY } from "./tests/support/seal-key";
import { SERVER_LOG_DIR } from "./tests/support/server-logs";
import { startCommand } from "./tests/support/start-command";

// End-to-end tests drive Debian's Chromium (its headless shell) against the built production server (`npm run build`
// first). The server gets its own data folder and no rate limit; tests that need a limit or a mail
// server start a server of their own.
const port = Number(process.env.E2E_PORT ?? 3100);
export const e2eDataDir = path.join(os.tmpdir(), `site-e2e-${port}`);
// The servers the specs start and the specs' own writes to their databases seal job links alike.
process.env.SEAL_KEY ??= TEST_SEAL_KEY;
// Every server of the run keeps its log, which the teardown reads for tokens.
process.env.TEST_SERVER_LOGS = "1";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  globalSetup: "./tests/support/e2e-setup.ts",
  globalTeardown: "./tests/support/e2e-teardown.ts",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: [...CHROMIUM_FLAGS],
    },
  },
  webServer: {
    command: `rm -rf ${e2eDataDir} && mkdir -p ${SERVER_LOG_DIR} && exec node ${startCommand().args.join(" ")} >>${SERVER_LOG_DIR}/e2e-main.log 2>&1`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: {
      ...startCommand().environment,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: e2eDataDir,
      RATE_LIMIT_MAX: "0",
    },
    stdout: "ignore",
    stderr: "pipe",
  },
});
