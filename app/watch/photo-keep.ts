/**
 * The photos the visit screen could not send yet, kept on the phone (IndexedDB, which holds the
 * photo itself, as localStorage cannot) until the office has them. In an empty house with one bar
 * of signal the phone may drop the page (the camera app, a low battery, a locked screen); the
 * entries already survive that in localStorage, and so do the photos here: the next time the
 * page opens they are sent again under their own upload keys, so the office stores each once.
 *
 * Where IndexedDB is missing or refused (a private window), a photo is kept in the page alone, as
 * before. Browser-only; every call resolves, never throws.
 */
const DATABASE = "watch-photos";
const STORE = "waiting";
/** Older than this, a kept photo is a visit long over: the office refuses it, so it goes. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

export interface KeptPhoto {
  /** The photo's upload key: the store's key, and the office's guard against a second copy. */
  key: string;
  /** The page the photo belongs to, and its item. */
  pagePath: string;
  itemId: string;
  file: File;
  keptAt: number;
}

function open(): Promise<IDBDatabase | undefined> {
  return new Promise((resolve) => {
    try {
      if (typeof indexedDB === "undefined") return resolve(undefined);
      const request = indexedDB.open(DATABASE, 1);
      request.onupgradeneeded = () => {
        if (!request.result.objectStoreNames.contains(STORE))
          request.result.createObjectStore(STORE, { keyPath: "key" });
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => resolve(undefined);
      request.onblocked = () => resolve(undefined);
    } catch {
      resolve(undefined);
    }
  });
}

/** Runs `work` on the store and resolves with its request's result once the transaction is done. */
async function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await open();
  if (!db) return undefined;
  return new Promise((resolve) => {
    try {
      const transaction = db.transaction(STORE, mode);
      const request = work(transaction.objectStore(STORE));
      transaction.oncomplete = () => {
        db.close();
        resolve(request?.result);
      };
      transaction.onerror = transaction.onabort = () => {
        db.close();
        resolve(undefined);
      };
    } catch {
      db.close();
      resolve(undefined);
    }
  });
}

export async function keepPhoto(photo: KeptPhoto): Promise<void> {
  await withStore("readwrite", (store) => store.put(photo));
}

export async function forgetPhoto(key: string): Promise<void> {
  await withStore("readwrite", (store) => store.delete(key));
}

const isKept = (value: unknown): value is KeptPhoto =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as KeptPhoto).key === "string" &&
  typeof (value as KeptPhoto).pagePath === "string" &&
  typeof (value as KeptPhoto).itemId === "string" &&
  typeof (value as KeptPhoto).keptAt === "number" &&
  (value as KeptPhoto).file instanceof Blob;

/** The photos kept for this page's item, oldest first; those past keeping are forgotten. */
export async function keptPhotos(pagePath: string, itemId: string, now = Date.now()): Promise<KeptPhoto[]> {
  const all = ((await withStore("readonly", (store) => store.getAll())) ?? []).filter(isKept);
  const stale = all.filter((photo) => now - photo.keptAt > KEEP_MS);
  for (const photo of stale) await forgetPhoto(photo.key);
  return all
    .filter((photo) => now - photo.keptAt <= KEEP_MS && photo.pagePath === pagePath && photo.itemId === itemId)
    .sort((a, b) => a.keptAt - b.keptAt);
}
