/**
 * Every server an end-to-end run starts writes what it logs into one folder (`reports/server-logs`),
 * and after the run the logs are read for credentials: a link's token, a session cookie or a
 * `?token=` left in a line is a password on paper for whoever reads, ships or backs up the logs.
 * A token is 43 base64url characters (`infra/link-token.server.ts`); nothing else the server logs
 * has that shape (hashes are 64 hex characters, ids are UUIDs).
 */
import fs from "node:fs";
import path from "node:path";

export const SERVER_LOG_DIR = path.resolve(import.meta.dirname, "../../reports/server-logs");

/** Where the server started now writes its log: a file of its own in the folder, when the run keeps logs. */
export function serverLogFile(name: string): string | undefined {
  if (process.env.TEST_SERVER_LOGS !== "1") return undefined;
  fs.mkdirSync(SERVER_LOG_DIR, { recursive: true });
  return path.join(
    SERVER_LOG_DIR,
    `${name}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}.log`,
  );
}

const TOKEN = /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/;
const QUERY_TOKEN = /[?&](token|code)=/i;

export interface LeakedLine {
  file: string;
  line: number;
  /** The line with what looked like a credential masked, so the report is not a leak itself. */
  text: string;
}

/** The lines of every log in the folder that hold something shaped like a credential. */
export function credentialsInServerLogs(dir = SERVER_LOG_DIR): { files: number; lines: number; leaks: LeakedLine[] } {
  const leaks: LeakedLine[] = [];
  let lines = 0;
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((name) => name.endsWith(".log")) : [];
  for (const name of files) {
    const text = fs.readFileSync(path.join(dir, name), "utf8").split("\n");
    lines += text.length;
    text.forEach((line, index) => {
      if (TOKEN.test(line) || QUERY_TOKEN.test(line))
        leaks.push({
          file: name,
          line: index + 1,
          text: line.replace(new RegExp(TOKEN.source, "g"), "<43 characters>").slice(0, 300),
        });
    });
  }
  return { files: files.length, lines, leaks };
}
