/**
 * One estimate dialog serves the whole page; buttons anywhere open it through this context, so
 * several buttons share one state (the home watch page's requirement) and only one copy of the form exists.
 */
import { createContext, useContext } from "react";

/** "narrow" is the header's 500 px modal; "wide" the service pages' 2xl dialog. */
export type EstimateDialogSize = "narrow" | "wide";

export interface EstimateDialogControl {
  /** False while the dialog's code has not arrived: the button then follows its link. */
  open(size: EstimateDialogSize, returnFocusTo?: HTMLElement | null): boolean;
  close(): void;
}

export const EstimateDialogContext = createContext<EstimateDialogControl | null>(null);

export const useEstimateDialog = () => useContext(EstimateDialogContext);
