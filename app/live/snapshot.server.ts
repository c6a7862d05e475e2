/**
 * What the owner has published, as this instance last read it: the one place public pages take it
 * from while they are rendered. Route loaders call `readLive(source)`; while the build prerenders,
 * nothing has been read and every source gives its `empty` value, which is why a database with
 * nothing published serves exactly the build's pages.
 */
import type { Kysely } from "kysely";
import type { Database } from "~/infra/schema.server";

export interface Loaded<T> {
  /** What pages show now. */
  value: T;
  /** When pages must be rendered again though nothing is published (a notice's end, midnight). */
  changesAt?: Date;
}

/** One kind of published content (the notice, the closed days, the projects…). */
export interface LiveSource<T> {
  /** Unique among sources: the key of its value in the snapshot. */
  name: string;
  /** The value when nothing is published: what the build rendered. */
  empty: T;
  load(db: Kysely<Database>, now: Date): Promise<Loaded<T>>;
  /** Public pages this content adds beyond the build's (a project's own page). */
  pages?(value: T): readonly string[];
}

export interface Snapshot {
  values: ReadonlyMap<string, unknown>;
  /** The earliest `changesAt` of the sources. */
  changesAt?: Date;
  /** True when some source holds more than its empty value. */
  published: boolean;
  /** Pages the sources add, in their order. */
  extraPages: readonly string[];
}

const SNAPSHOT_KEY = "__causewayLiveSnapshot";
const shared = globalThis as typeof globalThis & { [SNAPSHOT_KEY]?: Snapshot };

/** The source's value in the snapshot pages are being rendered from; its empty value before any was read. */
export function readLive<T>(source: LiveSource<T>): T {
  const values = shared[SNAPSHOT_KEY]?.values;
  return values?.has(source.name) ? (values.get(source.name) as T) : source.empty;
}

export function currentSnapshot(): Snapshot | undefined {
  return shared[SNAPSHOT_KEY];
}

export function installSnapshot(snapshot: Snapshot | undefined): void {
  shared[SNAPSHOT_KEY] = snapshot;
}

const isEmpty = <T>(source: LiveSource<T>, value: T) => JSON.stringify(value) === JSON.stringify(source.empty);

export async function loadSnapshot(
  db: Kysely<Database>,
  sources: readonly LiveSource<unknown>[],
  now: Date,
): Promise<Snapshot> {
  const values = new Map<string, unknown>();
  let changesAt: Date | undefined;
  let published = false;
  const extraPages: string[] = [];
  for (const source of sources) {
    const loaded = await source.load(db, now);
    values.set(source.name, loaded.value);
    if (loaded.changesAt && (!changesAt || loaded.changesAt < changesAt)) changesAt = loaded.changesAt;
    if (!isEmpty(source, loaded.value)) published = true;
    extraPages.push(...(source.pages?.(loaded.value) ?? []));
  }
  return { values, changesAt, published, extraPages };
}
