/**
 * The visit screen, for a phone in an empty house with one bar of signal: the house and its access
 * notes, 'Start visit', each checklist item marked OK, Issue or Not checked with its note (and for
 * an Issue, what happens next), and 'Finish visit'. With the script every tap is an entry kept on
 * the phone and sent in order (`entry-queue.ts`), and a line says what has reached the office;
 * 'Finish visit' goes last, after everything else is in. Without it each item is a form of its own.
 */
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Form, useRevalidator } from "react-router";
import { hintClass } from "~/owner/desk-field";
import { inputClass, primaryButton, secondaryButton } from "~/owner/desk-frame";
import { AREA_LABELS, AREAS, type Area } from "./checklist";
import { useEntryQueue, type QueueState } from "./entry-queue";
import { ItemPhotos, type ShownPhoto } from "./item-photos";
import { NEXT_STEPS, NOTE_MAX, RESULT_LABELS, RESULTS, type ResultShown, type VisitEntry } from "./visit-entries";
import type { ItemResult } from "./watch-tables";

export interface VisitScreenData {
  id: string;
  status: "scheduled" | "started" | "finished" | "cancelled";
  entriesUrl: string;
  items: { id: string; area: Area; label: string }[];
  results: ResultShown[];
  startedAt: string | null;
  finishedAt: string | null;
  /** The page the photo forms post to. */
  photosUrl: string;
  /** Made for each reading of the page: with the item's id, the plain form's upload key. */
  photoKey: string;
  photos: ShownPhoto[];
}

const now = () => new Date().toISOString();

function syncText(state: QueueState, waiting: number): string {
  if (waiting === 0) return "Everything is saved at the office.";
  const entries = `${waiting} ${waiting === 1 ? "entry" : "entries"}`;
  switch (state.phase) {
    case "signed-out":
      return `Signed out: ${entries} kept on this phone. Sign in again to send them.`;
    case "waiting":
      return `No signal: ${entries} kept on this phone, trying again in ${Math.round(state.retryInMs / 1000)} s.`;
    default:
      return `Sending ${entries}…`;
  }
}

function ItemCard({
  item,
  shown,
  locked,
  quotable,
  onEntry,
  photos,
}: {
  item: VisitScreenData["items"][number];
  shown: ResultShown | undefined;
  locked: boolean;
  /** Finished: an Issue can be quoted as a repair. */
  quotable: boolean;
  onEntry: (entry: VisitEntry) => void;
  photos: ReactNode;
}) {
  const [result, setResult] = useState<ItemResult | "">(shown?.result ?? "");
  const [note, setNote] = useState(shown?.note ?? "");
  const [nextStep, setNextStep] = useState(shown?.nextStep ?? "");
  const send = (next: { result?: ItemResult | ""; note?: string; nextStep?: string }) => {
    const r = next.result ?? result;
    if (r === "") return;
    onEntry({
      kind: "result",
      at: now(),
      itemId: item.id,
      result: r,
      note: next.note ?? note,
      nextStep: r === "issue" ? ((next.nextStep ?? nextStep) as keyof typeof NEXT_STEPS | "") : "",
    });
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send({});
  };
  const base = `item-${item.id}`;
  return (
    <div className="rounded-lg border border-slate-300 bg-white p-3">
      <Form method="post" onSubmit={submit}>
        <input type="hidden" name="intent" value="result" />
        <input type="hidden" name="item" value={item.id} />
        <fieldset disabled={locked}>
          <legend className="font-semibold text-navy-900">{item.label}</legend>
          <div className="mt-2 grid grid-cols-3 gap-2">
            {RESULTS.map((r) => (
              <label
                key={r}
                className={`flex min-h-11 items-center justify-center gap-2 rounded-lg border px-2 text-center text-sm font-semibold has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-navy-800 ${
                  result === r
                    ? r === "issue"
                      ? "border-red-800 bg-red-800 text-white"
                      : "border-navy-800 bg-navy-800 text-white"
                    : "border-slate-400 bg-white text-navy-900"
                }`}
              >
                <input
                  type="radio"
                  name="result"
                  value={r}
                  checked={result === r}
                  onChange={() => {
                    setResult(r);
                    send({ result: r });
                  }}
                  className="sr-only"
                />
                {RESULT_LABELS[r]}
              </label>
            ))}
          </div>
          <label htmlFor={`${base}-note`} className="mt-3 block text-sm font-semibold text-navy-900">
            Note{result === "issue" ? " (what you found)" : ""}
          </label>
          <textarea
            id={`${base}-note`}
            name="note"
            rows={2}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
            onBlur={() => {
              if (note !== (shown?.note ?? "") || result !== "") send({});
            }}
            className={inputClass}
          />
          {result === "issue" ? (
            <>
              <label htmlFor={`${base}-next`} className="mt-3 block text-sm font-semibold text-navy-900">
                What happens next
              </label>
              <select
                id={`${base}-next`}
                name="nextStep"
                value={nextStep}
                onChange={(event) => {
                  setNextStep(event.target.value);
                  send({ nextStep: event.target.value });
                }}
                className={inputClass}
              >
                <option value="">Choose…</option>
                {Object.entries(NEXT_STEPS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </>
          ) : (
            <input type="hidden" name="nextStep" value="" />
          )}
          <noscript>
            <button type="submit" className={`${secondaryButton} mt-3`}>
              Save this item
            </button>
          </noscript>
        </fieldset>
      </Form>
      {photos}
      {quotable && shown?.result === "issue" ? (
        <Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="quote-repair" />
          <input type="hidden" name="item" value={item.id} />
          <button type="submit" className={secondaryButton} aria-label={`Quote this repair: ${item.label}`}>
            Quote this repair
          </button>
        </Form>
      ) : null}
    </div>
  );
}

export function VisitScreen({ data }: { data: VisitScreenData }) {
  const revalidator = useRevalidator();
  const { queue, state, refusal, add } = useEntryQueue(data.id, data.entriesUrl, () => void revalidator.revalidate());
  // What the screen shows: the office's results, with the entries still on their way on top.
  const results = useMemo(() => {
    const byItem = new Map(data.results.map((r) => [r.itemId, r]));
    for (const { entry } of queue)
      if (entry.kind === "result")
        byItem.set(entry.itemId, {
          itemId: entry.itemId,
          result: entry.result,
          note: entry.note,
          nextStep: entry.nextStep,
        });
    return byItem;
  }, [data.results, queue]);
  // Started here: the entry may already have reached the office, before the page is read again.
  const [startedHere, setStartedHere] = useState(false);
  const started = startedHere || data.status !== "scheduled" || queue.some((q) => q.entry.kind === "start");
  // Photos still on their way: 'Finish visit' waits for them, then goes into the queue last.
  const sendingCount = useRef(0);
  const finishPending = useRef(false);
  const [photosSending, setPhotosSending] = useState(0);
  const [finishAfterPhotos, setFinishAfterPhotos] = useState(false);
  const photoSending = (change: 1 | -1) => {
    sendingCount.current += change;
    setPhotosSending(sendingCount.current);
    if (sendingCount.current > 0 || !finishPending.current) return;
    finishPending.current = false;
    setFinishAfterPhotos(false);
    add({ kind: "finish", at: now() });
  };
  const finishing = finishAfterPhotos || queue.some((q) => q.entry.kind === "finish");
  const finished = data.status === "finished";
  const waiting = queue.length;

  const startForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setStartedHere(true);
    add({ kind: "start", at: now() });
  };
  const finishForm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A note being typed is sent first: its field loses focus as the button takes it. The
    // departure is recorded when every photo is in, so the report is sent with all of them.
    if (sendingCount.current === 0) add({ kind: "finish", at: now() });
    else {
      finishPending.current = true;
      setFinishAfterPhotos(true);
    }
  };

  return (
    <div className="mt-4 space-y-4">
      <p role="status" className="rounded-lg border border-slate-300 bg-sea-50 p-2 text-sm font-semibold text-navy-900">
        {finished
          ? `Finished. Arrived ${data.startedAt ?? ""}, left ${data.finishedAt ?? ""}.`
          : syncText(state, waiting)}
      </p>
      {refusal ? (
        <div role="alert" className="rounded-lg border border-red-800 bg-white p-3">
          <p className="font-semibold text-red-800">{refusal.error}</p>
          {refusal.problems.length > 0 ? (
            <ul className="mt-1 list-disc pl-5 text-sm">
              {refusal.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {!started ? (
        <Form method="post" onSubmit={startForm}>
          <input type="hidden" name="intent" value="start" />
          <button type="submit" className={`${primaryButton} w-full`}>
            Start visit
          </button>
          <p className={hintClass}>Records the time you arrived.</p>
        </Form>
      ) : data.startedAt ? (
        <p>Arrived {data.startedAt}.</p>
      ) : null}
      {started
        ? AREAS.map((area) => {
            const items = data.items.filter((i) => i.area === area);
            if (items.length === 0) return null;
            return (
              <section key={area} aria-labelledby={`area-${area}`} className="space-y-3">
                <h2 id={`area-${area}`} className="text-lg font-bold text-navy-900">
                  {AREA_LABELS[area]}
                </h2>
                {items.map((item) => (
                  <ItemCard
                    key={item.id}
                    item={item}
                    shown={results.get(item.id)}
                    locked={finished || finishing}
                    quotable={finished}
                    onEntry={add}
                    photos={
                      <ItemPhotos
                        itemId={item.id}
                        label={item.label}
                        photos={data.photos.filter((p) => p.itemId === item.id)}
                        pagePath={data.photosUrl}
                        uploadKey={`${data.photoKey}-${item.id}`}
                        locked={finished || finishing}
                        onSending={photoSending}
                        onStored={() => void revalidator.revalidate()}
                      />
                    }
                  />
                ))}
              </section>
            );
          })
        : null}
      {started && !finished ? (
        <Form method="post" onSubmit={finishForm}>
          <input type="hidden" name="intent" value="finish" />
          <button type="submit" disabled={finishing} className={`${primaryButton} w-full`}>
            {finishing ? "Finishing…" : "Finish visit"}
          </button>
          <p className={hintClass}>
            {finishing
              ? photosSending > 0
                ? `Waiting for ${photosSending} ${photosSending === 1 ? "photo" : "photos"} to reach the office; the visit finishes once all are in.`
                : `Waiting for ${waiting} ${waiting === 1 ? "entry" : "entries"} to reach the office; the visit finishes once all are in.`
              : "Records the time you left, once every item is marked."}
          </p>
        </Form>
      ) : null}
    </div>
  );
}
