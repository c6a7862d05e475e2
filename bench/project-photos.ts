/**
 * Project photos as the server's background job processes them: a 12-megapixel JPEG with a GPS
 * position (one of the site's own pictures rendered at 4000 × 3000 with a sensor's grain), twelve
 * of them waiting in a SQLite database. Prints each photo's time, the bytes at each width and
 * format, and the process's peak resident memory, sampled every 10 ms.
 *
 * Runs itself again as a child under `npm start`'s allocator and heap settings, so the memory is
 * what a server would hold: `npx tsx bench/project-photos.ts [photos=12]`.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { cameraLikePhoto } from "../tests/support/project-photo";
import { startCommand } from "../tests/support/start-command";

const root = path.resolve(import.meta.dirname, "..");

async function twelveMegapixelJpeg(file: string): Promise<void> {
  fs.writeFileSync(file, await cameraLikePhoto());
}

async function child(photoFile: string, count: number): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-project-photos-"));
  const { openMigratedDatabase } = await import("~/infra/db.server");
  const { processNextPhoto } = await import("~/projects/project-photos.server");
  const handle = await openMigratedDatabase({ dataDir, databaseUrl: undefined });
  const { db } = handle;
  const now = new Date().toISOString();
  const projectId = randomUUID();
  await db
    .insertInto("projects")
    .values({
      id: projectId,
      slug: "bench",
      title: "Bench",
      service: "carpentry",
      town: "Surf City",
      finished: "2026-10",
      story: "",
      status: "draft",
      created_at: now,
      updated_at: now,
    })
    .execute();
  const original = fs.readFileSync(photoFile);
  for (let n = 0; n < count; n++)
    await db
      .insertInto("project_photos")
      .values({
        id: randomUUID(),
        project_id: projectId,
        upload_key: `bench-${n}`,
        position: n,
        description: `Photo ${n + 1}`,
        label: null,
        state: "waiting",
        // Each a different picture to the encoder: one byte of the comment segment differs.
        original: Buffer.concat([
          original.subarray(0, 2),
          Buffer.from([0xff, 0xfe, 0x00, 0x03, n]),
          original.subarray(2),
        ]),
        original_format: "jpeg",
        created_at: now,
      })
      .execute();
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const startRss = process.memoryUsage().rss;
  const started = performance.now();
  const times: number[] = [];
  for (;;) {
    const outcome = await processNextPhoto(db);
    if (!outcome) break;
    times.push(outcome.ms);
  }
  const total = performance.now() - started;
  clearInterval(sampler);
  const first = await db
    .selectFrom("project_photo_files")
    .innerJoin("project_photos", "project_photos.id", "project_photo_files.photo_id")
    .select(["project_photo_files.width", "project_photo_files.format", "project_photo_files.bytes"])
    .where("project_photos.position", "=", 0)
    .orderBy("project_photo_files.width")
    .execute();
  const gps = await sharp(photoFile).metadata();
  console.log(
    `photo: ${gps.width} × ${gps.height} JPEG, ${(original.length / 1e6).toFixed(2)} MB, EXIF ${gps.exif ? "with GPS" : "none"}`,
  );
  console.log(`photos processed: ${times.length}, total ${(total / 1000).toFixed(1)} s`);
  console.log(`per photo ms: ${times.join(", ")}`);
  const sorted = [...times].sort((a, b) => a - b);
  console.log(`median per photo: ${sorted[Math.floor(sorted.length / 2)]} ms`);
  console.log("bytes per width (first photo):");
  for (const f of first) console.log(`  ${f.width} ${f.format}: ${f.bytes} B (${(f.bytes / 1024).toFixed(1)} KB)`);
  console.log(
    `RSS before: ${(startRss / 1048576).toFixed(0)} MB, peak while processing: ${(peak / 1048576).toFixed(0)} MB`,
  );
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const args = process.argv.slice(2);
if (args[0] === "--child") {
  await child(args[1] ?? "", Number(args[2] ?? 12));
} else {
  const count = Number(args[0] ?? 12);
  const photoFile = path.join(os.tmpdir(), "bench-12mp.jpg");
  if (!fs.existsSync(photoFile)) await twelveMegapixelJpeg(photoFile);
  const start = startCommand();
  const nodeFlags = start.args.slice(0, -1);
  const result = spawnSync(
    process.execPath,
    [...nodeFlags, "--import", "tsx", import.meta.filename, "--child", photoFile, String(count)],
    { cwd: root, env: { ...process.env, ...start.environment, LOG_LEVEL: "error" }, stdio: "inherit" },
  );
  process.exit(result.status ?? 1);
}
