/**
 * One estimate dialog for the whole page, opened by any EstimateButton through the context. The
 * dialog's element (`estimate-dialog-frame.tsx`) is rendered by `renderDialog`: the root hydrates
 * it from a chunk loaded after the page starts, and a button pressed before it arrives follows its
 * link to /estimate.
 */
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { EstimateDialogContext, type EstimateDialogControl, type EstimateDialogSize } from "./estimate-dialog-context";
import type { EstimateDialogProps } from "./estimate-dialog-frame";

export function EstimateDialogHost({
  children,
  renderDialog,
}: {
  children: ReactNode;
  renderDialog: (props: EstimateDialogProps) => ReactNode;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const [size, setSize] = useState<EstimateDialogSize>("wide");
  const [everOpened, setEverOpened] = useState(false);

  const close = useCallback(() => dialogRef.current?.close(), []);
  const control = useMemo<EstimateDialogControl>(
    () => ({
      open(nextSize, from) {
        const dialog = dialogRef.current;
        if (!dialog) return false;
        returnFocus.current = from ?? null;
        setSize(nextSize);
        setEverOpened(true);
        if (!dialog.open) dialog.showModal();
        return true;
      },
      close,
    }),
    [close],
  );

  return (
    <EstimateDialogContext.Provider value={control}>
      {children}
      {renderDialog({ dialogRef, size, everOpened, close, onClosed: () => returnFocus.current?.focus() })}
    </EstimateDialogContext.Provider>
  );
}
