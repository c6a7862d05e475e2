/**
 * The sections that show real jobs (the newest projects and reviews), which service pages and the
 * home page show below the first screen: one chunk, loaded after the page starts (`ui/later.tsx`).
 */
export { RecentProjects } from "~/projects/project-cards";
export { ReviewsSection } from "~/reviews/review-list";
export { ContactSection } from "./contact-section";
