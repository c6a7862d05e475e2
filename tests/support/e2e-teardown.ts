/**
 * After the end-to-end run: the logs of every server it started hold no credential
 * (tests/support/server-logs.ts). A leak fails the run, naming the file and line, masked.
 */
import { credentialsInServerLogs } from "./server-logs";

export default function teardown(): void {
  const { files, lines, leaks } = credentialsInServerLogs();
  console.log(`server logs: ${files} files, ${lines} lines read for tokens, ${leaks.length} found`);
  if (files === 0) throw new Error("server logs: no server wrote a log, so none could be read for tokens");
  if (leaks.length > 0)
    throw new Error(
      `server logs hold what looks like a credential:\n${leaks
        .slice(0, 20)
        .map((leak) => `  ${leak.file}:${leak.line}: ${leak.text}`)
        .join("\n")}`,
    );
}
