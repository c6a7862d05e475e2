/**
 * The estimate form with its JavaScript loaded late: its HTML is prerendered like the rest of the
 * page, but its code loads only when the visitor comes near it (the contact section, below the
 * fold) or, on /estimate where it is the page, once the page has started: when the browser is
 * first idle, at the first touch, or at once when a draft was kept through a reload. Until then it
 * is a plain form that posts to /estimate, so nothing a visitor does is lost, and the page starts
 * with about 7 KB (gzipped) less JavaScript.
 *
 * React keeps a suspended boundary's server HTML in place during hydration and hydrates it when
 * the lazy component resolves, which is what makes the late start invisible.
 */
import { lazy, Suspense, useState } from "react";
import { draftStorageKey } from "./estimate-draft-key";
import type { EstimateFormProps } from "./estimate-form";

/** What loads the form's code besides a touch: coming within 600 px of it, or the page having started. */
export type FormWake = "near" | "after-start";

const loadForm = () => import("./estimate-form").then((m) => ({ default: m.EstimateForm }));

/** The visitor already used the form before this code ran (typed, chose files, or is in it). */
function alreadyTouched(slot: HTMLElement): boolean {
  if (slot.contains(document.activeElement)) return true;
  return Array.from(slot.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>("input, textarea")).some((control) =>
    control instanceof HTMLInputElement && control.type === "file"
      ? (control.files?.length ?? 0) > 0
      : control.value !== control.defaultValue,
  );
}

/** A draft kept through a reload is put back by the form's code, so it must not wait for a touch. */
function draftWaiting(idPrefix: string): boolean {
  try {
    return window.sessionStorage.getItem(draftStorageKey(idPrefix)) !== null;
  } catch {
    return false;
  }
}

function whenNeeded(slotId: string, idPrefix: string, wake: FormWake): Promise<void> {
  return new Promise((resolve) => {
    const slot = document.getElementById(slotId);
    if (!slot || !("IntersectionObserver" in window) || alreadyTouched(slot) || draftWaiting(idPrefix))
      return resolve();
    // Coming near, or touching it in any way (focus, a tap, typing, a chosen file), loads the script.
    // The listeners sit on window in the capture phase: React stops these events at the document
    // while the form's part of the page is still waiting to hydrate, so nothing below would hear them.
    const triggers = ["focusin", "pointerdown", "input", "change"] as const;
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && slot.contains(event.target)) done();
    };
    const done = () => {
      observer?.disconnect();
      for (const t of triggers) window.removeEventListener(t, onEvent, true);
      resolve();
    };
    const observer =
      wake === "near"
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
            rootMargin: "600px 0px",
          })
        : undefined;
    observer?.observe(slot);
    // The page is in: hydration's work is done, so the form's code no longer competes with it.
    if (wake === "after-start")
      if ("requestIdleCallback" in window) window.requestIdleCallback(done, { timeout: 2000 });
      else setTimeout(done, 200);
    for (const t of triggers) window.addEventListener(t, onEvent, true);
  });
}

export function DeferredEstimateForm({ wake = "near", ...props }: EstimateFormProps & { wake?: FormWake }) {
  const slotId = `${props.idPrefix}-form-slot`;
  // The server renders the form at once; the browser waits until it is needed.
  const [LazyForm] = useState(() =>
    lazy(typeof document === "undefined" ? loadForm : () => whenNeeded(slotId, props.idPrefix, wake).then(loadForm)),
  );
  return (
    <div id={slotId}>
      <Suspense fallback={null}>
        <LazyForm {...props} />
      </Suspense>
    </div>
  );
}
