/** Before the end-to-end run: an empty folder for the servers' logs, which the teardown reads. */
import fs from "node:fs";
import { SERVER_LOG_DIR } from "./server-logs";

export default function setup(): void {
  fs.rmSync(SERVER_LOG_DIR, { recursive: true, force: true });
  fs.mkdirSync(SERVER_LOG_DIR, { recursive: true });
}
