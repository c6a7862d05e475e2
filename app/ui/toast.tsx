/**
 * Toasts: short messages in the corner, announced to screen readers.
 *
 * A tiny module-level store instead of a context, so code outside React (the form's file checks)
 * can raise one. The live regions are in the page from the start: screen readers only announce
 * changes to regions that already exist.
 */
import { useSyncExternalStore } from "react";
import { Icon } from "./icon";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  durationMs?: number;
}

interface Toast extends Required<Omit<ToastInput, "description">> {
  id: number;
  description?: string;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function dismissToast(id: number): void {
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export function toast({ title, description, variant = "default", durationMs = 5000 }: ToastInput): number {
  const id = nextId++;
  toasts = [...toasts.slice(-3), { id, title, description, variant, durationMs }];
  emit();
  window.setTimeout(() => dismissToast(id), durationMs);
  return id;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const noToasts: readonly Toast[] = [];

function ToastList({ items, role }: { items: readonly Toast[]; role: "status" | "alert" }) {
  return (
    <div role={role} aria-live={role === "alert" ? "assertive" : "polite"}>
      <ol className="flex flex-col gap-2">
        {items.map((t) => (
          <li
            key={t.id}
            data-toast={t.variant}
            className={`pointer-events-auto flex items-start gap-3 rounded-lg border p-4 shadow-lg ${
              t.variant === "destructive"
                ? "border-red-800 bg-red-700 text-white"
                : "border-slate-200 bg-white text-ink"
            }`}
          >
            <div className="flex-1">
              <p className="font-semibold">{t.title}</p>
              {t.description ? <p className="mt-1 text-sm">{t.description}</p> : null}
            </div>
            <button
              type="button"
              onClick={() => dismissToast(t.id)}
              className="-m-2 inline-flex size-11 items-center justify-center rounded-md"
              aria-label="Dismiss notification"
            >
              <Icon name="close" className="size-4" />
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function Toaster() {
  const items = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => noToasts,
  );
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed right-0 bottom-0 z-[60] flex w-full max-w-sm flex-col gap-2 p-4"
    >
      <ToastList items={items.filter((t) => t.variant === "destructive")} role="alert" />
      <ToastList items={items.filter((t) => t.variant !== "destructive")} role="status" />
    </section>
  );
}
