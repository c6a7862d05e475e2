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

function whenNeeded(slotId: string): Promise<void> {
  return new Promise((resolve) => {
    const slot = document.getElementById(slotId);
    if (!slot || !("IntersectionObserver" in window)) return resolve();
    const done = () => {
      observer.disconnect();
      slot.removeEventListener("focusin", done);
      slot.removeEventListener("pointerdown", done);
      resolve();
    };
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && done(), { rootMargin: "600px 0px" });
    observer.observe(slot);
    slot.addEventListener("focusin", done);
    slot.addEventListener("pointerdown", done);
  });
}

export function DeferredEstimateForm(props: EstimateFormProps) {
  const slotId = `${props.idPrefix}-form-slot`;
  // The server renders the form at once; the browser waits until it is needed.
  const [LazyForm] = useState(() => lazy(typeof document === "undefined" ? loadForm : () => whenNeeded(slotId).then(loadForm)));
  return (
    <div id={slotId}>
      <Suspense fallback={null}>
        <LazyForm {...props} />
      </Suspense>
    </div>
  );
}
