/**
 * The parts of the page frame that need no script to be used at first: the footer (links), the
 * side panel (a native popover the header's button opens, with links), the owner's notice (text
 * and links), the estimate dialog (closed; its buttons are links to /estimate until it arrives)
 * and the toasts' live regions (which only code loaded later fills). One chunk, hydrated after the
 * page starts (`ui/later.tsx`), so every public page starts without their code.
 */
export { Footer } from "./footer";
export { SidePanel } from "./side-panel";
export { Toaster } from "~/ui/toast";
export { NoticeBanner } from "~/notices/notice-banner";
export { EstimateDialog } from "~/leads/estimate-dialog-frame";
