/**
 * The estimate dialog's element: a native <dialog>, closed until a button opens it. Hydrated after
 * the page starts (`components/layout/frame-parts.ts`); until then an estimate button is the link
 * to /estimate it is written as. showModal() gives focus containment, Escape to close and an inert
 * page behind.
 */
import { lazy, Suspense, useEffect, type RefObject } from "react";
import { useLocation } from "react-router";
import { canonicalPath, servicePath } from "~/route-registry";
import { Icon } from "~/ui/icon";
import type { EstimateDialogSize } from "./estimate-dialog-context";

// The form loads when the dialog first opens: pages without an inline form do not pay for it at start.
const EstimateForm = lazy(() => import("./estimate-form").then((m) => ({ default: m.EstimateForm })));
// The home watch page asks for less (no project to describe, no photos), so its buttons open a short form.
const HomeWatchForm = lazy(() => import("./home-watch-form").then((m) => ({ default: m.HomeWatchForm })));

export const ESTIMATE_DIALOG_TITLE = "Request Your Free Estimate";
export const HOME_WATCH_DIALOG_TITLE = "Ask for Home Watch";

const ESTIMATE_DIALOG_TEXT =
  "Tell us about your project and our team will put together a detailed estimate for your Long Beach Island property.";
const HOME_WATCH_DIALOG_TEXT =
  "Tell us where the house is and when it stands empty. We will get in touch to walk through it with you before the first visit.";

export interface EstimateDialogProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  size: EstimateDialogSize;
  /** The form mounts on first open, so pages that never open the dialog do no form work. */
  everOpened: boolean;
  close: () => void;
  onClosed: () => void;
}

export function EstimateDialog({ dialogRef, size, everOpened, close, onClosed }: EstimateDialogProps) {
  // Hydrated after the page starts: tests (and anyone debugging) can tell when the buttons open it.
  useEffect(() => dialogRef.current?.setAttribute("data-ready", ""), [dialogRef]);
  const homeWatch = canonicalPath(useLocation().pathname) === servicePath("home-watch");
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby="estimate-dialog-title"
      aria-describedby="estimate-dialog-description"
      onClose={onClosed}
      onClick={(event) => {
        // A click on the backdrop lands on the <dialog> itself: close, as a modal should.
        if (event.target === event.currentTarget) close();
      }}
      className={`m-auto max-h-[90vh] w-[calc(100%-2rem)] overflow-y-auto rounded-xl bg-white p-0 text-ink shadow-2xl backdrop:bg-navy-950/60 ${
        size === "narrow" ? "max-w-[500px]" : "max-w-2xl"
      }`}
    >
      <div className="relative p-5 sm:p-6">
        <button
          type="button"
          onClick={close}
          className="absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md text-navy-900 hover:bg-sea-100"
          aria-label="Close"
        >
          <Icon name="close" />
        </button>
        <h2 id="estimate-dialog-title" className="pr-10 text-2xl font-bold text-navy-900">
          {homeWatch ? HOME_WATCH_DIALOG_TITLE : ESTIMATE_DIALOG_TITLE}
        </h2>
        <p id="estimate-dialog-description" className="mt-1 text-slate-700">
          {homeWatch ? HOME_WATCH_DIALOG_TEXT : ESTIMATE_DIALOG_TEXT}
        </p>
        <div className="mt-5">
          {everOpened ? (
            <Suspense fallback={<p className="py-10 text-center text-slate-700">Loading the form…</p>}>
              {homeWatch ? (
                <HomeWatchForm idPrefix="home-watch" onSuccess={close} />
              ) : (
                <EstimateForm idPrefix="dialog" onSuccess={close} />
              )}
            </Suspense>
          ) : null}
        </div>
      </div>
    </dialog>
  );
}
