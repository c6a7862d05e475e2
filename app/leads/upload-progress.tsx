/**
 * The estimate request's progress while it is sent: a bar with the percentage and which photo is
 * on its way, or the notice that the connection was lost and the form is trying again. Shown only
 * while sending, which only happens with JavaScript.
 */

export type SendingState =
  | { phase: "preparing" }
  | { phase: "uploading"; percent: number; photo: number; photos: number }
  | { phase: "waiting" }
  | { phase: "retrying"; attempt: number };

export const RETRY_TEXT = "Connection lost, trying again…";

/** The words for a state, shown beside the bar and (throttled) read out. */
export function sendingText(state: SendingState): string {
  switch (state.phase) {
    case "preparing":
      return "Preparing your photos…";
    case "uploading":
      return state.photo > 0 ? `Photo ${state.photo} of ${state.photos}` : "Sending your details";
    case "waiting":
      return "Sent. Waiting for our confirmation…";
    case "retrying":
      return RETRY_TEXT;
  }
}

export function UploadProgress({ id, state }: { id: string; state: SendingState }) {
  const percent = state.phase === "uploading" ? state.percent : state.phase === "waiting" ? 100 : 0;
  const text = sendingText(state);
  return (
    <div className="space-y-1" data-sending={state.phase}>
      <div className="flex items-baseline justify-between gap-3 text-sm font-medium text-navy-900">
        <span id={`${id}-label`}>{text}</span>
        {state.phase === "uploading" || state.phase === "waiting" ? <span aria-hidden="true">{percent}%</span> : null}
      </div>
      {/* The bar fills by steps of progress events; the fill is animated only for those who want motion. */}
      <progress
        id={id}
        max={100}
        value={state.phase === "retrying" || state.phase === "preparing" ? undefined : percent}
        aria-labelledby={`${id}-label`}
        aria-valuetext={state.phase === "uploading" ? `${percent}%, ${text}` : text}
        className="block h-2 w-full appearance-none overflow-hidden rounded-full bg-slate-200 [&::-moz-progress-bar]:bg-sea-600 [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-sea-600 motion-safe:[&::-webkit-progress-value]:transition-[width] motion-safe:[&::-webkit-progress-value]:duration-300"
      />
    </div>
  );
}
