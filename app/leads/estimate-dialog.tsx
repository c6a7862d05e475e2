/**
 * The estimate dialog: one native <dialog> for the whole page, opened by
 * any EstimateButton. showModal() gives focus containment, Escape to close and an inert page behind.
 */
import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { Icon } from "~/components/ui/icon";
import { EstimateDialogContext, type EstimateDialogControl, type EstimateDialogSize } from "./estimate-dialog-context";

// The form loads when the dialog first opens: pages without an inline form do not pay for it at start.
const EstimateForm = lazy(() => import("./estimate-form").then((m) => ({ default: m.EstimateForm })));

export const ESTIMATE_DIALOG_TITLE = "Request Your Free Estimate";

export function EstimateDialogHost({ children }: { children: ReactNode }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [size, setSize] = useState<EstimateDialogSize>("wide");
  // The form mounts on first open, so pages that never open the dialog do no form work.
  const [everOpened, setEverOpened] = useState(false);

  const close = useCallback(() => dialogRef.current?.close(), []);
  const control = useMemo<EstimateDialogControl>(
    () => ({
      open(nextSize, from) {
        returnFocus.current = from ?? null;
        setSize(nextSize);
        setEverOpened(true);
        if (!dialogRef.current?.open) dialogRef.current?.showModal();
      },
      close,
    }),
    [close],
  );

  return (
    <EstimateDialogContext.Provider value={control}>
      {children}
      <dialog
        ref={dialogRef}
        aria-labelledby="estimate-dialog-title"
        aria-describedby="estimate-dialog-description"
        onClose={() => returnFocus.current?.focus()}
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
            {ESTIMATE_DIALOG_TITLE}
          </h2>
          <p id="estimate-dialog-description" className="mt-1 text-slate-700">
            Tell us about your project and our team will put together a detailed estimate for your Long Beach Island
            property.
          </p>
          <div className="mt-5">
            {everOpened ? (
              <Suspense fallback={<p className="py-10 text-center text-slate-700">Loading the form…</p>}>
                <EstimateForm idPrefix="dialog" onSuccess={close} />
              </Suspense>
            ) : null}
          </div>
        </div>
      </dialog>
    </EstimateDialogContext.Provider>
  );
}
