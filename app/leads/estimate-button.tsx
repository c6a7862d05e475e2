/**
 * Every "Get Free Estimate"-style button. It is a link to /estimate, so it works before the page's
 * JavaScript arrives or without it; once hydrated, a click opens the shared estimate dialog instead.
 */
import type { ReactNode } from "react";
import { buttonClass, type ButtonVariant } from "~/ui/button";
import { useEstimateDialog, type EstimateDialogSize } from "./estimate-dialog-context";

interface EstimateButtonProps {
  children: ReactNode;
  variant?: ButtonVariant;
  size?: EstimateDialogSize;
  className?: string;
}

export function EstimateButton({ children, variant = "primary", size = "wide", className = "" }: EstimateButtonProps) {
  const dialog = useEstimateDialog();
  return (
    <a
      href="/estimate"
      className={buttonClass(variant, className)}
      onClick={(event) => {
        if (!dialog || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        if (dialog.open(size, event.currentTarget)) event.preventDefault();
      }}
    >
      {children}
    </a>
  );
}
