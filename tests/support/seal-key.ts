/**
 * The SEAL_KEY every test process and every server it starts share (vitest's system tests,
 * Playwright's): a test that writes a job's change from its own process, beside a built server,
 * seals and opens the job's link as the server does. What happens without it (the key file in
 * DATA_DIR, a server with another key) is tested on its own.
 */
export const TEST_SEAL_KEY = Buffer.from("causeway test seal key, 32 bytes").toString("base64url");
