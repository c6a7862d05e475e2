/**
 * The leads as a spreadsheet: one CSV for the desk's download and for `npm run leads -- --csv`,
 * every lead not held as spam, newest first. Its last column names each photo's file; the command
 * also writes those files into a folder beside the CSV (the desk shows them on the lead's page).
 */
import fs from "node:fs/promises";
import path from "node:path";
import type { Kysely } from "kysely";
import { csvDocument } from "~/infra/csv.server";
import { toDate, type Database } from "~/infra/schema.server";
import { isLostReason, LOST_REASON_LABELS, statusLabel } from "./status";

type Db = Kysely<Database>;

export interface ExportedPhoto {
  id: string;
  /** The file's name in the export: unique across leads, and sorted by lead and position. */
  fileName: string;
}

/** "0b7e5c1e-2-deck.jpg": the lead's short id, the photo's place among its photos, its name. */
const exportedName = (leadId: string, position: number, fileName: string) =>
  `${leadId.slice(0, 8)}-${position + 1}-${fileName}`;

export async function leadsCsv(db: Db): Promise<{ csv: string; count: number; photos: ExportedPhoto[] }> {
  const rows = await db
    .selectFrom("leads")
    .select([
      "id",
      "created_at",
      "name",
      "email",
      "phone",
      "address",
      "description",
      "status",
      "lost_reason",
      "source_path",
    ])
    .where("quarantined_at", "is", null)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  const photoRows = await db
    .selectFrom("lead_photos")
    .innerJoin("leads", "leads.id", "lead_photos.lead_id")
    .select(["lead_photos.id", "lead_photos.lead_id", "lead_photos.position", "lead_photos.file_name"])
    .where("leads.quarantined_at", "is", null)
    .orderBy("lead_photos.lead_id")
    .orderBy("lead_photos.position")
    .execute();
  const photosOf = new Map<string, ExportedPhoto[]>();
  for (const photo of photoRows) {
    const list = photosOf.get(photo.lead_id) ?? [];
    list.push({ id: photo.id, fileName: exportedName(photo.lead_id, photo.position, photo.file_name) });
    photosOf.set(photo.lead_id, list);
  }
  type Row = (typeof rows)[number];
  // Each header beside its value, so a column cannot be added, dropped or moved in one list only.
  const columns: { header: string; value: (row: Row) => string | number }[] = [
    { header: "id", value: (row) => row.id },
    { header: "received", value: (row) => toDate(row.created_at).toISOString() },
    { header: "name", value: (row) => row.name },
    { header: "email", value: (row) => row.email },
    { header: "phone", value: (row) => row.phone },
    { header: "address", value: (row) => row.address },
    { header: "description", value: (row) => row.description },
    { header: "status", value: (row) => statusLabel(row.status) },
    {
      header: "lost_reason",
      value: (row) => (row.lost_reason && isLostReason(row.lost_reason) ? LOST_REASON_LABELS[row.lost_reason] : ""),
    },
    { header: "source_page", value: (row) => row.source_path ?? "unknown" },
    { header: "photo_count", value: (row) => photosOf.get(row.id)?.length ?? 0 },
    { header: "photos", value: (row) => (photosOf.get(row.id) ?? []).map((photo) => photo.fileName).join("; ") },
  ];
  const csv = csvDocument(
    columns.map((column) => column.header),
    rows.map((row) => columns.map((column) => column.value(row))),
  );
  return { csv, count: rows.length, photos: rows.flatMap((row) => photosOf.get(row.id) ?? []) };
}

export interface LeadsExport {
  leads: number;
  photos: number;
  /** Where the photos went, beside the CSV; absent when there were none. */
  photoDir?: string;
}

/**
 * Writes the CSV to `csvPath` and the photos it names into `<name>-photos/` beside it, one photo
 * read at a time so an export of every lead never holds every photo in memory.
 */
export async function writeLeadsExport(db: Db, csvPath: string): Promise<LeadsExport> {
  const { csv, count, photos } = await leadsCsv(db);
  const photoDir = path.join(
    path.dirname(path.resolve(csvPath)),
    `${path.basename(csvPath, path.extname(csvPath))}-photos`,
  );
  if (photos.length > 0) await fs.mkdir(photoDir, { recursive: true });
  for (const photo of photos) {
    const { data } = await db
      .selectFrom("lead_photos")
      .select("data")
      .where("id", "=", photo.id)
      .executeTakeFirstOrThrow();
    await fs.writeFile(path.join(photoDir, photo.fileName), data);
  }
  await fs.writeFile(csvPath, csv);
  return { leads: count, photos: photos.length, photoDir: photos.length > 0 ? photoDir : undefined };
}
