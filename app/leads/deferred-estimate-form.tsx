/**
 * The estimate form where it sits below the fold (the contact section): its HTML is prerendered
 * like the rest of the page, but its JavaScript loads only when the visitor comes near it or
 * touches it. Until then it is a plain form that posts to /estimate, so nothing a visitor does is
 * lost, and pages that end with it start with less JavaScript.
 *
 * React keeps a suspended boundary's server HTML in place during hydration and hydrates it when
 * the lazy component resolves, which is what makes the late start invisible.
 */
import { lazy, Suspense, useState } from "react";
import type { EstimateFormProps } from "./estimate-form";

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

function whenNeeded(slotId: string): Promise<void> {
  return new Promise((resolve) => {
    const slot = document.getElementById(slotId);
    if (!slot || !("IntersectionObserver" in window) || alreadyTouched(slot)) return resolve();
    // Coming near, or touching it in any way (focus, a tap, typing, a chosen file), loads the script.
    // The listeners sit on window in the capture phase: React stops these events at the document
    // while the form's part of the page is still waiting to hydrate, so nothing below would hear them.
    const triggers = ["focusin", "pointerdown", "input", "change"] as const;
    const onEvent = (event: Event) => {
      if (event.target instanceof Node && slot.contains(event.target)) done();
    };
    const done = () => {
      observer.disconnect();
      for (const t of triggers) window.removeEventListener(t, onEvent, true);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), {
      rootMargin: "600px 0px",
    });
    observer.observe(slot);
    for (const t of triggers) window.addEventListener(t, onEvent, true);
  });
}

export function DeferredEstimateForm(props: EstimateFormProps) {
  const slotId = `${props.idPrefix}-form-slot`;
  // The server renders the form at once; the browser waits until it is needed.
  const [LazyForm] = useState(() =>
    lazy(typeof document === "undefined" ? loadForm : () => whenNeeded(slotId).then(loadForm)),
  );
  return (
    <div id={slotId}>
      <Suspense fallback={null}>
        <LazyForm {...props} />
      </Suspense>
    </div>
  );
}
