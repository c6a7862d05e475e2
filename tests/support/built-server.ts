/**
 * Starts the production build as `npm start` does, on a free loopback port with its own data
 * folder, for tests that audit what visitors get.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { readMailFiles } from "./delivered-mail";
import { freePort } from "./ports";
import { serverLogFile } from "./server-logs";
import { startCommand } from "./start-command";

export interface BuiltServer {
  origin: string;
  dataDir: string;
  process: ChildProcess;
  /** What the server logged so far (standard output and error), when started with `keepLog`. */
  log(): string;
  stop(): Promise<void>;
}

export async function startBuiltServer(
  env: Record<string, string> = {},
  { keepLog = false }: { keepLog?: boolean } = {},
): Promise<BuiltServer> {
  const root = path.resolve(import.meta.dirname, "../..");
  if (!fs.existsSync(path.join(root, "build/server.js"))) throw new Error("No build found: run `npm run build` first");
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-quality-"));
  readMailFiles(dataDir);
  const logFile = serverLogFile("server");
  const child = spawn(process.execPath, startCommand().args, {
    cwd: root,
    env: {
      ...process.env,
      ...startCommand().environment,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      RATE_LIMIT_MAX: "0",
      ...env,
    },
    stdio: ["ignore", keepLog || logFile ? "pipe" : "ignore", keepLog || logFile ? "pipe" : "inherit"],
  });
  let output = "";
  const kept = logFile ? fs.createWriteStream(logFile) : undefined;
  child.stdout?.on("data", (chunk: Buffer) => {
    if (keepLog) output += chunk.toString();
    kept?.write(chunk);
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    if (keepLog) output += chunk.toString();
    kept?.write(chunk);
    process.stderr.write(chunk);
  });
  child.once("exit", () => kept?.end());
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Nobody holds it to stop it later: left running, it would load every test after this one.
      child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
      throw new Error("server did not start in 20 s");
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    origin,
    dataDir,
    process: child,
    log: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Every page the sitemap lists, as paths. */
export async function sitemapPaths(origin: string): Promise<string[]> {
  const xml = await (await fetch(`${origin}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname);
}
