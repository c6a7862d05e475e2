/**
 * Several photos from one pick of the phone's library. Each picked photo shows at once as a row with
 * its preview, its own 'Description' (and label) and, once sent, its own progress. 'Add photos'
 * sends the rows one after another, never together, so a weak connection carries one photo at a
 * time; each keeps its upload key through retries and a second press, so nothing is stored twice.
 * A row then follows its photo's processing (the page asks again while any is processing) until it
 * says the photo is ready.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";
import { UploadProgress, type SendingState } from "~/leads/upload-progress";
import { DeskField, DeskInput, fieldErrorClass } from "~/owner/desk-field";
import { inputClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { sendDeskPhoto, stopsTheBatch } from "~/leads/photo-send";
import { DESCRIPTION_MISSING, LABEL_CHOICES, MAX_DESCRIPTION, PHOTO_TYPES } from "./project-rules";

/** Stored photos' processing states by id, as the page's loader reads them. */
export type PhotoStates = Record<string, "waiting" | "ready" | "refused">;

/** The prefix of a row's field ids, so the batch can focus a row's description. */
const rowId = (key: string) => `photo-row-${key}`;

interface Row {
  /** Also the upload key: the same photo sent again is the same upload. */
  key: string;
  file: File;
  preview: string;
  description: string;
  label: string;
  sending?: SendingState;
  photoId?: string;
  error?: string;
  descriptionError?: string;
}

export function PhotoBatch({ labels, photoStates }: { labels: boolean; photoStates: PhotoStates }) {
  const id = useId();
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const [rows, setRows] = useState<Row[]>([]);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<string | undefined>();
  const previews = useRef(new Set<string>());

  useEffect(() => {
    const made = previews.current;
    return () => made.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const change = (key: string, patch: Partial<Row>) =>
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  function pick(event: React.ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    event.target.value = ""; // the same photo may be picked again after it is dropped
    if (files.length === 0) return;
    setSummary(undefined);
    const added = files.map((file): Row => {
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { key: crypto.randomUUID(), file, preview, description: "", label: "" };
    });
    // A new pick starts afresh: rows already added have their photos in the list above.
    setRows((all) => [...all.filter((row) => !row.photoId), ...added]);
  }

  function drop(row: Row) {
    URL.revokeObjectURL(row.preview);
    previews.current.delete(row.preview);
    setRows((all) => all.filter((r) => r.key !== row.key));
  }

  async function send(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const pending = rows.filter((row) => !row.photoId);
    // Only the missing description is caught here: the rest of the rule (length, hidden characters,
    // the lead's name) stays on the server, so the public pages sharing this module's chunk stay small.
    const problems = new Map(
      pending.map((row) => [row.key, row.description.trim() === "" ? DESCRIPTION_MISSING : undefined]),
    );
    setRows((all) => all.map((row) => ({ ...row, descriptionError: problems.get(row.key) })));
    const firstProblem = pending.find((row) => problems.get(row.key));
    if (firstProblem) {
      setSummary("Describe each photo first: the description is read to visitors who cannot see it.");
      document.getElementById(`${rowId(firstProblem.key)}-description`)?.focus();
      return;
    }
    setBusy(true);
    setSummary(undefined);
    let added = 0;
    for (const [index, row] of pending.entries()) {
      change(row.key, { error: undefined });
      const answer = await sendDeskPhoto({
        pagePath: pathname,
        file: row.file,
        fields: { intent: "add-photo", description: row.description, label: row.label },
        uploadKey: row.key,
        position: { photo: index + 1, photos: pending.length },
        onState: (sending) => change(row.key, { sending }),
      });
      change(row.key, {
        sending: undefined,
        photoId: answer.ok ? (answer.photoId ?? row.key) : undefined,
        // A refused description is shown at its field; anything else under the row.
        error: answer.ok || answer.field === "description" ? undefined : answer.error,
        descriptionError: answer.field === "description" ? answer.error : undefined,
      });
      if (answer.ok) {
        added += 1;
        void revalidator.revalidate();
      } else if (stopsTheBatch(answer)) break;
    }
    setBusy(false);
    const left = pending.length - added;
    setSummary(
      left === 0
        ? `${added === 1 ? "Photo" : `${added} photos`} added. Each is being processed and shows below when ready.`
        : `${added} of ${pending.length} added. Those marked below were not: press 'Add photos' to try them again.`,
    );
  }

  const waiting = rows.filter((row) => !row.photoId).length;
  return (
    <form
      method="post"
      encType="multipart/form-data"
      className="mt-3 max-w-xl space-y-4"
      onSubmit={(e) => void send(e)}
      noValidate
    >
      <DeskInput
        id={`${id}-photos`}
        label="Photos"
        hint="From the camera or the library: pick several at once if you like."
        type="file"
        accept={PHOTO_TYPES}
        multiple
        onChange={pick}
        disabled={busy}
      />
      {rows.length > 0 ? (
        <ol
          aria-label="Picked photos"
          className="divide-y divide-slate-200 rounded-lg border border-slate-300 bg-white"
        >
          {rows.map((row, index) => (
            <BatchRow
              key={row.key}
              row={row}
              number={index + 1}
              labels={labels}
              state={row.photoId ? photoStates[row.photoId] : undefined}
              busy={busy}
              onChange={(patch) => change(row.key, patch)}
              onDrop={() => drop(row)}
            />
          ))}
        </ol>
      ) : null}
      {summary ? (
        <p role="status" className="font-medium text-navy-900">
          {summary}
        </p>
      ) : null}
      {waiting > 0 ? (
        <button type="submit" disabled={busy} className={primaryButton}>
          {waiting === 1 ? "Add photo" : `Add ${waiting} photos`}
        </button>
      ) : null}
    </form>
  );
}

function BatchRow({
  row,
  number,
  labels,
  state,
  busy,
  onChange,
  onDrop,
}: {
  row: Row;
  number: number;
  labels: boolean;
  state: PhotoStates[string] | undefined;
  busy: boolean;
  onChange(patch: Partial<Row>): void;
  onDrop(): void;
}) {
  const id = rowId(row.key);
  return (
    <li className="flex gap-3 p-3">
      <img src={row.preview} alt="" width={80} height={80} className="size-20 shrink-0 rounded object-cover" />
      <div className="min-w-0 flex-1 space-y-2">
        <p className="truncate text-sm text-slate-700">
          Photo {number}: {row.file.name}
        </p>
        {row.photoId ? (
          <>
            <p className="break-words">{row.description}</p>
            <p className="text-sm font-semibold text-navy-900" data-state={state ?? "waiting"}>
              {state === "ready"
                ? "Added and ready."
                : state === "refused"
                  ? "Added, but it could not be read."
                  : "Added. Being processed…"}
            </p>
          </>
        ) : (
          <>
            <DeskInput
              id={`${id}-description`}
              label={
                <>
                  Description<span className="sr-only"> of photo {number}</span>
                </>
              }
              error={row.descriptionError}
              name="description"
              value={row.description}
              maxLength={MAX_DESCRIPTION}
              readOnly={row.sending !== undefined}
              onChange={(event) => onChange({ description: event.target.value, descriptionError: undefined })}
            />
            {labels ? (
              <DeskField
                id={`${id}-label`}
                label={
                  <>
                    Label<span className="sr-only"> of photo {number}</span>
                  </>
                }
              >
                {(control) => (
                  <select
                    {...control}
                    value={row.label}
                    disabled={row.sending !== undefined}
                    onChange={(event) => onChange({ label: event.target.value })}
                    className={inputClass}
                  >
                    {LABEL_CHOICES.map(({ value, text }) => (
                      <option key={value} value={value}>
                        {text}
                      </option>
                    ))}
                  </select>
                )}
              </DeskField>
            ) : null}
            {row.sending ? <UploadProgress id={`${id}-progress`} state={row.sending} /> : null}
            {row.error ? <p className={fieldErrorClass}>{row.error}</p> : null}
            {!busy ? (
              <button type="button" onClick={onDrop} className={secondaryButton}>
                Leave out<span className="sr-only"> photo {number}</span>
              </button>
            ) : null}
          </>
        )}
      </div>
    </li>
  );
}
