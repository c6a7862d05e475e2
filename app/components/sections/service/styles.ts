/** The frame and heading most service page sections share; none of them is the first screen's picture. */
export const sectionClass = "render-when-near mx-auto max-w-6xl px-4 py-12";
export const h2Class = "text-2xl font-bold text-navy-900 md:text-3xl";
