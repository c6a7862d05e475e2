/**
 * An item's photos on the visit screen (and its baselines on the plan): the ones stored, each with
 * its time, and the camera. Without JavaScript it is a plain multipart form for one photo. With it,
 * a photo goes as soon as it is taken, through the desk's photo sender (shrunk, a progress bar,
 * retries under its upload key); the camera's clock is read from the original file first, since
 * shrinking drops it. A photo that found no signal is kept and sent again when the phone is back
 * online (or on 'Try again'), unless the owner leaves it out; it is also kept on the phone
 * (`photo-keep.ts`), so a page the phone dropped sends it when it opens again. `onSending` tells
 * the screen how many photos are not in yet, so 'Finish visit' can wait for them.
 */
import { useEffect, useId, useState, type ChangeEvent } from "react";
import { sendDeskPhoto } from "~/leads/photo-send";
import { UploadProgress, type SendingState } from "~/leads/upload-progress";
import { secondaryButton } from "~/owner/desk-frame";
import { useScripted } from "~/ui/scripted";
import { jpegExif, readCameraClock } from "./camera-time";
import { forgetPhoto, keepPhoto, keptPhotos } from "./photo-keep";

/** The kept photos this page has taken up again: once each, however often its effect runs. */
const resumed = new Set<string>();

export interface ShownPhoto {
  id: string;
  itemId: string;
  /** The small copy, and the larger one it opens. */
  src: string;
  href: string;
  caption: string;
}

/** Where a camera writes its EXIF: the first segments, well within this. */
const EXIF_READ_BYTES = 256 * 1024;

async function cameraFields(file: File): Promise<Record<string, string>> {
  try {
    const exif = jpegExif(new Uint8Array(await file.slice(0, EXIF_READ_BYTES).arrayBuffer()));
    const clock = exif && readCameraClock(exif);
    if (!clock) return {};
    return clock.offset ? { camera_time: clock.local, camera_offset: clock.offset } : { camera_time: clock.local };
  } catch {
    // A file the browser cannot read here still goes up, dated by its arrival.
    return {};
  }
}

interface Sending {
  file: File;
  key: string;
  state: SendingState | undefined;
  error: string | undefined;
  /** Refused by the office (not a lost signal): sending it again changes nothing. */
  refused: boolean;
}

export function ItemPhotos({
  itemId,
  label,
  photos,
  pagePath,
  uploadKey,
  locked,
  onSending,
  onStored,
}: {
  itemId: string;
  label: string;
  photos: ShownPhoto[];
  /** The page the plain form posts to; its `/photos` twin answers the script in JSON. */
  pagePath: string;
  /** For the form sent without JavaScript; the script makes one per photo. */
  uploadKey: string;
  locked: boolean;
  onSending: (change: 1 | -1) => void;
  onStored: () => void;
}) {
  const id = useId();
  const scripted = useScripted();
  const [sending, setSending] = useState<Sending[]>([]);
  const update = (key: string, change: Partial<Sending>) =>
    setSending((all) => all.map((s) => (s.key === key ? { ...s, ...change } : s)));

  const settle = (key: string) => {
    setSending((all) => all.filter((s) => s.key !== key));
    onSending(-1);
    void forgetPhoto(key);
  };

  async function send(file: File, key: string) {
    update(key, { state: { phase: "preparing" }, error: undefined });
    let answer;
    try {
      const fields = { item: itemId, ...(await cameraFields(file)) };
      answer = await sendDeskPhoto({
        pagePath,
        file,
        fields,
        uploadKey: key,
        position: { photo: 1, photos: 1 },
        onState: (state) => update(key, { state }),
      });
    } catch {
      answer = { ok: false, error: "The photo was not sent. Try again." };
    }
    if (answer.ok) {
      settle(key);
      onStored();
      return;
    }
    // A refusal names the photo's field; a lost signal or a sign-out does not, and is sent again.
    const refused = "field" in answer && answer.field !== undefined;
    // Refused, it would be refused again: the phone keeps it no longer than the screen shows it.
    if (refused) void forgetPhoto(key);
    update(key, { state: undefined, error: answer.error ?? "The photo was not stored.", refused });
  }

  // Photos a dropped page could not send are taken up again when it opens: sent under their own
  // upload keys, or let go once the visit is finished.
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (restored) return;
    let live = true;
    void keptPhotos(pagePath, itemId).then((kept) => {
      if (!live) return;
      setRestored(true);
      for (const photo of kept) {
        if (resumed.has(photo.key)) continue;
        resumed.add(photo.key);
        if (locked) {
          void forgetPhoto(photo.key);
          continue;
        }
        setSending((all) => [
          ...all,
          { file: photo.file, key: photo.key, state: undefined, error: undefined, refused: false },
        ]);
        onSending(1);
        void send(photo.file, photo.key);
      }
    });
    return () => {
      live = false;
    };
  });

  // Back in signal: every photo that found none goes again, under its own upload key.
  useEffect(() => {
    const waiting = sending.filter((s) => s.error !== undefined && !s.refused);
    if (waiting.length === 0) return;
    const again = () => {
      for (const s of waiting) void send(s.file, s.key);
    };
    window.addEventListener("online", again);
    return () => window.removeEventListener("online", again);
  });

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    for (const file of files) {
      const key = crypto.randomUUID();
      resumed.add(key);
      void keepPhoto({ key, pagePath, itemId, file, keptAt: Date.now() });
      setSending((all) => [...all, { file, key, state: undefined, error: undefined, refused: false }]);
      onSending(1);
      void send(file, key);
    }
  };

  return (
    <div className="mt-3">
      {photos.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={`Photos of ${label}`}>
          {photos.map((photo, index) => (
            <li key={photo.id} className="w-28">
              <a href={photo.href} className="block">
                <img
                  src={photo.src}
                  alt={`${label}, photo ${index + 1}`}
                  width={112}
                  height={84}
                  loading="lazy"
                  className="h-21 w-28 rounded border border-slate-300 object-cover"
                />
              </a>
              <p className="text-xs text-slate-700">{photo.caption}</p>
            </li>
          ))}
        </ul>
      ) : null}
      {sending.map((s) => (
        <div key={s.key} className="mt-2">
          {s.state ? <UploadProgress id={`${id}-${s.key}`} state={s.state} /> : null}
          {s.error ? (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {s.error}{" "}
              {s.refused ? null : (
                <button type="button" className={secondaryButton} onClick={() => void send(s.file, s.key)}>
                  Try again
                </button>
              )}{" "}
              <button type="button" className={secondaryButton} onClick={() => settle(s.key)}>
                Leave it out
              </button>
            </p>
          ) : null}
        </div>
      ))}
      {locked ? null : (
        <form
          method="post"
          action={pagePath}
          encType="multipart/form-data"
          onSubmit={(event) => scripted && event.preventDefault()}
          className="mt-2"
        >
          <input type="hidden" name="item" value={itemId} />
          <input type="hidden" name="upload_key" value={uploadKey} />
          <label htmlFor={`${id}-photo`} className="block text-sm font-semibold text-navy-900">
            Add a photo of {label}
          </label>
          <input
            id={`${id}-photo`}
            type="file"
            name="photo"
            accept="image/*"
            capture="environment"
            onChange={scripted ? picked : undefined}
            className="mt-1 block w-full text-sm"
          />
          <noscript>
            <button type="submit" className={`${secondaryButton} mt-2`}>
              Send this photo
            </button>
          </noscript>
        </form>
      )}
    </div>
  );
}
