/**
 * `npm run bench`: serving speed against nginx, lead intake under load, Lighthouse medians, the
 * site behind deploy/nginx.conf, and backup and restore times. Prints the figures and writes
 * bench/RESULTS.md with a description of the machine.
 * `npm run bench -- --only intake` runs one part (serving, lighthouse, live, facts, photos, intake, proxy,
 * backup, desk) and only prints.
 * Everything runs on loopback; every loop is bounded in count and time.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import Database from "better-sqlite3";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import sharp from "sharp";
import { startBuiltServer, type BuiltServer } from "../tests/support/built-server";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { openMigratedDatabase } from "../app/infra/db.server";
import { parseEnv } from "../app/settings/env.server";
import { leadRow } from "../app/leads/record/create.server";
import { takeBackup } from "../app/ops/backup.server";
import { restoreBackup } from "../app/ops/restore.server";
import { addOwner } from "../app/owner/owners.server";
import { startSession } from "../app/owner/sessions.server";
import { ensureNginx, startNginx as startDeployNginx } from "../tests/support/nginx";
import { deskCountsBenchmark } from "./desk-counts";
import { factsPublishBenchmark } from "./facts-publish";
import { photosBenchmark } from "./photos";
import { freePort } from "../tests/support/ports";
import { createTestDatabase, startPostgres } from "../tests/support/postgres";

const root = path.resolve(import.meta.dirname, "..");
const lines: string[] = [];
const say = (line = "") => {
  console.log(line);
  lines.push(line);
};

/**
 * nginx serving the same build/client with clean URLs, as it would be set up for a static site:
 * two workers (one per core here) and gzip_static, so it sends the build's own .gz files as our
 * server does, and compresses only what has none.
 */
async function startNginx(): Promise<{ origin: string; stop: () => void }> {
  const bin = ensureNginx();
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  const conf = `daemon off; worker_processes 2; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  include /etc/nginx/mime.types; access_log off; sendfile on; keepalive_requests 100000;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  gzip_static on; gzip on; gzip_comp_level 6; gzip_min_length 1024; gzip_types text/css application/javascript application/json application/xml text/plain;
  server { listen 127.0.0.1:${port}; root ${path.join(root, "build/client")}; location / { try_files $uri $uri/index.html =404; } }
}`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const child = spawn(bin, ["-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
  const origin = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(origin)).ok) break;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { origin, stop: () => child.kill("SIGQUIT") };
}

async function load(url: string, duration = 10) {
  const result = await autocannon({ url, connections: 50, duration, headers: { "accept-encoding": "gzip" } });
  // What one answer weighs on the wire, to show both servers sent the compressed file. Plain HTTP
  // only: the proxy benchmark's certificate is self-signed, and its table has no such column.
  const sample = url.startsWith("http:") ? await fetch(url, { headers: { "accept-encoding": "gzip" } }) : undefined;
  const bytes = sample ? Number(sample.headers.get("content-length") ?? (await sample.arrayBuffer()).byteLength) : 0;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    bytes,
    encoding: sample?.headers.get("content-encoding") ?? "identity",
  };
}

/** The first script the home page loads: a text asset beside the pages. */
async function firstScript(origin: string): Promise<string> {
  const html = await (await fetch(origin)).text();
  // Module scripts are imported from inline code, so the name is found in quotes, not in a src.
  const src = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) throw new Error("bench: no script found in the home page");
  return src;
}

async function servingBenchmark(ours: BuiltServer) {
  const nginx = await startNginx();
  say("## Page serving (autocannon, 50 connections, 10 s, Accept-Encoding: gzip)");
  say("");
  say("nginx: two workers, `gzip_static on`. Ours: one Node process, pages and text assets precompressed at build.");
  say("");
  say("| path | server | req/s | p50 ms | p99 ms | errors | bytes sent | ours/nginx req/s |");
  say("|---|---|---|---|---|---|---|---|");
  try {
    for (const page of ["/", "/blog/pre-storm-checklist-lbi-shore-homes", await firstScript(ours.origin)]) {
      const a = await load(`${ours.origin}${page}`);
      const b = await load(`${nginx.origin}${page}`);
      say(
        `| ${page} | ours | ${Math.round(a.rps)} | ${a.p50} | ${a.p99} | ${a.errors} | ${a.bytes} (${a.encoding}) | ${(a.rps / b.rps).toFixed(2)} |`,
      );
      say(
        `| ${page} | nginx | ${Math.round(b.rps)} | ${b.p50} | ${b.p99} | ${b.errors} | ${b.bytes} (${b.encoding}) | |`,
      );
    }
  } finally {
    nginx.stop();
  }
  say("");
}

/** The server's peak resident memory so far (Linux reports the high-water mark itself). */
const peakRssMb = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

async function intakeBenchmark() {
  const server = await startBuiltServer();
  try {
    // Noise does not compress, so each photo really is about 2 MB, like a phone picture.
    const photo = await sharp(
      Buffer.from(Array.from({ length: 1900 * 1260 * 3 }, () => Math.floor(Math.random() * 256))),
      { raw: { width: 1900, height: 1260, channels: 3 } },
    )
      .jpeg({ quality: 92 })
      .toBuffer();
    // One request alone first: the time a visitor waits for "success" on an idle server.
    const soloStarted = performance.now();
    const solo = new FormData();
    for (const [k, v] of Object.entries({ name: "Solo Visitor", email: "solo@example.com", phone: "609-555-0100" }))
      solo.set(k, v);
    for (let i = 0; i < 5; i++)
      solo.append(`photo_${i}`, new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `photo-${i}.jpg`);
    const soloOk = (await fetch(`${server.origin}/api/estimate`, { method: "POST", body: solo })).ok;
    const soloMs = performance.now() - soloStarted;
    const total = 50;
    const concurrency = 10;
    const times: number[] = [];
    let ok = 0;
    let next = 0;
    const started = performance.now();
    const single = async () => {
      const form = new FormData();
      form.set("name", "Bench Visitor");
      form.set("email", "bench@example.com");
      form.set("phone", "609-555-0100");
      form.set("description", "Load test request");
      for (let i = 0; i < 5; i++)
        form.append(`photo_${i}`, new Blob([new Uint8Array(photo)], { type: "image/jpeg" }), `photo-${i}.jpg`);
      const t = performance.now();
      const response = await fetch(`${server.origin}/api/estimate`, { method: "POST", body: form });
      times.push(performance.now() - t);
      if (response.ok) ok++;
    };
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next++;
          await single();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const sorted = [...times].sort((a, b) => a - b);
    const pct = (p: number) =>
      Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
    // Let the mail worker finish, then count what was written.
    const outbox = path.join(server.dataDir, "outbox");
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline && (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0) < (ok + 1) * 2)
      await new Promise((r) => setTimeout(r, 250));
    const emails = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    const peak = peakRssMb(server.process.pid ?? 0);
    const db = new Database(path.join(server.dataDir, "site.db"), { readonly: true });
    const leads = (db.prepare("select count(*) as n from leads").get() as { n: number }).n;
    const photos = (db.prepare("select count(*) as n from lead_photos").get() as { n: number }).n;
    db.close();
    say("## Lead intake (five 2 MB photos per request)");
    say("");
    say(`One request alone: ${Math.round(soloMs)} ms to "success"${soloOk ? "" : " (FAILED)"}.`);
    say("");
    say("50 requests, 10 at a time:");
    say("");
    say(
      `| photo size | requests/s | p50 ms | p99 ms | accepted | leads stored (with the single one) | photos stored | emails written | server peak memory |`,
    );
    say("|---|---|---|---|---|---|---|---|---|");
    say(
      `| ${(photo.length / 1024 / 1024).toFixed(1)} MB | ${(total / seconds).toFixed(2)} | ${pct(50)} | ${pct(99)} | ${ok}/${total} | ${leads} | ${photos} | ${emails} | ${peak.toFixed(0)} MB |`,
    );
    say("");
  } finally {
    await server.stop();
  }
}

async function sitemapPaths(server: BuiltServer): Promise<string[]> {
  const xml = await (await fetch(`${server.origin}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? "/").pathname);
}

async function lighthouseBenchmark(
  server: BuiltServer,
  paths: readonly string[],
  title = "Lighthouse, mobile, median of 3 runs",
) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ["--headless=new", ...CHROMIUM_FLAGS],
  });
  say(`## ${title}`);
  say("");
  say("| page | performance | FCP ms | LCP ms | TBT ms | CLS | benchmarkIndex |");
  say("|---|---|---|---|---|---|---|");
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  try {
    for (const p of paths) {
      const runs: { score: number; fcp: number; lcp: number; tbt: number; cls: number; index: number }[] = [];
      const failures: string[] = [];
      for (let i = 0; i < 3; i++) {
        const result = await lighthouse(`${server.origin}${p}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
        });
        // A run that ended in a Lighthouse error has no score; counting it as 0 would read as a
        // page that scored 0.
        if (!result || result.lhr.runtimeError) {
          failures.push(result?.lhr.runtimeError?.code ?? "no result");
          continue;
        }
        const a = result.lhr.audits;
        runs.push({
          score: result.lhr.categories.performance?.score ?? 0,
          fcp: a["first-contentful-paint"]?.numericValue ?? 0,
          lcp: a["largest-contentful-paint"]?.numericValue ?? 0,
          tbt: a["total-blocking-time"]?.numericValue ?? 0,
          cls: a["cumulative-layout-shift"]?.numericValue ?? 0,
          index: result.lhr.environment.benchmarkIndex,
        });
      }
      if (runs.length === 0) {
        say(`| ${p} | no score: every run failed (${failures.join(", ")}) | | | | | |`);
        continue;
      }
      const m = (k: keyof (typeof runs)[number]) => median(runs.map((r) => r[k]));
      say(
        `| ${p} | ${Math.round(m("score") * 100)} | ${Math.round(m("fcp"))} | ${Math.round(m("lcp"))} | ${Math.round(m("tbt"))} | ${m("cls").toFixed(3)} | ${Math.round(m("index"))} |`,
      );
    }
  } finally {
    await chrome.kill();
  }
  say("");
}

/**
 * What the owner publishes, served: the home page's req/s without a notice and with one (rendered
 * once per change, served from memory like the build's pages), the time from publishing to the
 * notice on the page, and Lighthouse with the notice up.
 */
async function liveBenchmark() {
  const server = await startBuiltServer();
  const handle = await openMigratedDatabase({ dataDir: server.dataDir, databaseUrl: undefined });
  try {
    say("## Published content (autocannon on /, 50 connections, 10 s, gzip)");
    say("");
    say("| home page | req/s | p50 ms | p99 ms | errors | bytes sent |");
    say("|---|---|---|---|---|---|");
    // A short warm-up, so the first measurement does not pay for the JIT.
    await load(`${server.origin}/`, 3);
    const without = await load(`${server.origin}/`);
    say(
      `| no notice (the build's file) | ${Math.round(without.rps)} | ${without.p50} | ${without.p99} | ${without.errors} | ${without.bytes} |`,
    );
    // Published from the desk, as the owner does: the instance that takes the post renders at once.
    const added = await addOwner(handle.db, "bench@causeway.test");
    if (!added.added) throw new Error("bench: owner not added");
    const origin = server.origin.replace("127.0.0.1", "localhost");
    const cookie = (await startSession(handle.db, new Request(`${origin}/owner`), added.owner.id, "passkey")).split(
      ";",
    )[0];
    const started = performance.now();
    const published = await fetch(`${origin}/owner/site`, {
      method: "POST",
      headers: { cookie: cookie ?? "", Origin: origin },
      body: new URLSearchParams({
        intent: "publish-notice",
        body: "After the nor'easter we are booking storm repairs first; for a leak, [call us](tel:609-555-0142).",
        tone: "urgent",
        startsAt: "",
        endsAt: "",
      }),
    });
    if (!published.ok) throw new Error(`bench: publishing answered ${published.status}`);
    for (let i = 0; i < 400 && !(await (await fetch(`${server.origin}/`)).text()).includes("storm repairs first"); i++)
      await new Promise((r) => setTimeout(r, 10));
    const visibleMs = performance.now() - started;
    const withNotice = await load(`${server.origin}/`);
    say(
      `| notice up (rendered once) | ${Math.round(withNotice.rps)} | ${withNotice.p50} | ${withNotice.p99} | ${withNotice.errors} | ${withNotice.bytes} |`,
    );
    say("");
    say(
      `With the notice up, / served ${((withNotice.rps / without.rps) * 100).toFixed(1)}% of the req/s without it. From 'Publish notice' on the desk to the notice on / of the same instance: ${Math.round(visibleMs)} ms (another instance on PostgreSQL: see the live-site system test's printed figures).`,
    );
    say("");
    await lighthouseBenchmark(
      server,
      ["/", "/services/home-watch"],
      "Lighthouse with a notice up, mobile, median of 3 runs",
    );
  } finally {
    await handle.close();
    await server.stop();
  }
}

/** The home page direct from Node, and through deploy/nginx.conf (TLS) in front of one and two instances. */
async function proxyBenchmark() {
  const servers = [await startBuiltServer(), await startBuiltServer()];
  const one = await startDeployNginx({ upstreams: [new URL(servers[0]?.origin ?? "").host] });
  const two = await startDeployNginx({ upstreams: servers.map((server) => new URL(server.origin).host) });
  say("## The site behind deploy/nginx.conf (autocannon on /, 50 connections, 10 s, gzip)");
  say("");
  say("| path | req/s | p50 ms | p99 ms | errors |");
  say("|---|---|---|---|---|");
  try {
    for (const [label, url] of [
      ["Node direct (HTTP)", `${servers[0]?.origin}/`],
      ["nginx (HTTPS) → one instance", `${one.httpsOrigin}/`],
      ["nginx (HTTPS) → two instances", `${two.httpsOrigin}/`],
    ] as const) {
      const r = await load(url);
      say(`| ${label} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    }
  } finally {
    await one.stop();
    await two.stop();
    for (const server of servers) await server.stop();
  }
  say("");
}

const BACKUP_LEADS = 1_000;
const PHOTOS_PER_LEAD = 3;

/** Backup and restore of 1,000 leads with three photos each, on SQLite and PostgreSQL. */
async function backupBenchmark() {
  // Noise compresses as badly as a photo does; about the size a phone photo is stored at.
  const photos = await Promise.all(
    [0, 1, 2].map((n) =>
      sharp(Buffer.from(Array.from({ length: 700 * 520 * 3 }, () => Math.floor(Math.random() * 256 - n) & 255)), {
        raw: { width: 700, height: 520, channels: 3 },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
  const photoMb = photos.reduce((sum, p) => sum + p.length, 0) / photos.length / 1024 / 1024;
  say(
    `## Backup and restore (${BACKUP_LEADS.toLocaleString("en-US")} leads, ${PHOTOS_PER_LEAD} photos of ${photoMb.toFixed(2)} MB each)`,
  );
  say("");
  say("| database | database size | backup s | backup file | restore s (into an empty database) |");
  say("|---|---|---|---|---|");
  const cluster = await startPostgres();
  try {
    for (const kind of ["sqlite", "postgres"] as const) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-"));
      try {
        const databaseUrl = kind === "postgres" ? await createTestDatabase(cluster.url) : "";
        const config = parseEnv({
          DATA_DIR: path.join(dir, "data"),
          BACKUP_DIR: path.join(dir, "backups"),
          DATABASE_URL: databaseUrl,
        });
        const handle = await openMigratedDatabase(config);
        for (let n = 0; n < BACKUP_LEADS; n++) {
          const id = crypto.randomUUID();
          const values = {
            name: `Bench Visitor ${n}`,
            email: `bench${n}@example.com`,
            phone: "609-555-0100",
            address: `${n} Ocean Ave`,
            description: "Deck repair",
          };
          await handle.db.transaction().execute(async (trx) => {
            // The lead record's own row, without the mail and push a real request owes.
            await trx
              .insertInto("leads")
              .values(leadRow(id, { values, ipHash: null, userAgent: null }, new Date()))
              .execute();
            await trx
              .insertInto("lead_photos")
              .values(
                photos.map((data, position) => ({
                  id: crypto.randomUUID(),
                  lead_id: id,
                  position,
                  file_name: `photo-${position}.jpg`,
                  content_type: "image/jpeg",
                  bytes: data.length,
                  data,
                  width: 700,
                  height: 520,
                })),
              )
              .execute();
          });
        }
        const size =
          kind === "sqlite"
            ? fs.statSync(path.join(config.dataDir, "site.db")).size
            : Number(
                (
                  await handle.db
                    .selectNoFrom((eb) => eb.fn<string>("pg_database_size", [eb.fn("current_database")]).as("n"))
                    .executeTakeFirst()
                )?.n ?? 0,
              );
        await handle.close();
        const backup = await takeBackup(config);
        // Into an empty database: a new folder for SQLite, a new database for PostgreSQL.
        const target =
          kind === "sqlite"
            ? { ...config, dataDir: path.join(dir, "restored") }
            : { ...config, databaseUrl: await createTestDatabase(cluster.url) };
        const started = performance.now();
        await restoreBackup(target, backup.file);
        const restoreSeconds = (performance.now() - started) / 1000;
        say(
          `| ${kind === "sqlite" ? "SQLite" : "PostgreSQL"} | ${(size / 1024 / 1024).toFixed(0)} MB | ${(backup.ms / 1000).toFixed(1)} | ${(backup.bytes / 1024 / 1024).toFixed(0)} MB | ${restoreSeconds.toFixed(1)} |`,
        );
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await cluster.stop();
  }
  say("");
}

// `--only intake` (or `--only serving,lighthouse`) runs a subset, for checking one change without
// waiting for the rest; bench/RESULTS.md is only written by a full run, so it always has every section.
const onlyIndex = process.argv.indexOf("--only");
const only = onlyIndex >= 0 ? new Set((process.argv[onlyIndex + 1] ?? "").split(",")) : undefined;
const sections = ["serving", "lighthouse", "live", "facts", "photos", "intake", "proxy", "backup", "desk"];
const unknown = [...(only ?? [])].filter((name) => !sections.includes(name));
if (only && (only.size === 0 || unknown.length > 0)) {
  console.error(`bench: --only takes a comma-separated list of ${sections.join(", ")}`);
  process.exit(2);
}
const runs = (section: string) => !only || only.has(section);

const cpu = os.cpus()[0]?.model ?? "unknown CPU";
say("# Benchmark results");
say("");
say(
  `Measured ${new Date().toISOString().slice(0, 10)} on ${os.cpus().length} × ${cpu}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GB memory, Node ${process.version}, ${os.type()} ${os.release()}.`,
);
say("");
if (runs("serving") || runs("lighthouse")) {
  const server = await startBuiltServer();
  try {
    if (runs("serving")) await servingBenchmark(server);
    if (runs("lighthouse")) await lighthouseBenchmark(server, await sitemapPaths(server));
  } finally {
    await server.stop();
  }
}
if (runs("live")) await liveBenchmark();
if (runs("facts")) await factsPublishBenchmark(say);
if (runs("photos")) await photosBenchmark(say);
if (runs("intake")) await intakeBenchmark();
if (runs("proxy")) await proxyBenchmark();
if (runs("backup")) await backupBenchmark();
if (runs("desk")) await deskCountsBenchmark(say);
if (only) {
  console.log("bench: partial run, bench/RESULTS.md left as it was");
} else {
  fs.writeFileSync(path.join(root, "bench/RESULTS.md"), `${lines.join("\n")}\n`);
  console.log("bench: wrote bench/RESULTS.md");
}
