import { Picture, type PictureFiles } from "~/ui/picture";
import type { SectionOf } from "~/content/service-page-schema";
import { h2Class, sectionClass } from "./styles";

/**
 * Photos of past work, protected from casual copying (see Picture's `protect`): the build's
 * pictures, or the owner's photos (`photos`, by the name the page gives them).
 */
export function Gallery({
  section,
  photos,
}: {
  section: SectionOf<"gallery">;
  photos: Readonly<Record<string, PictureFiles>>;
}) {
  // The schema allows 3 or 4 pictures: one row of either at the widest layout.
  const columns = section.items.length === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3";
  return (
    <section className={sectionClass} aria-labelledby={section.id}>
      <h2 id={section.id} className={h2Class}>
        {section.heading}
      </h2>
      <ul className={`mt-6 grid gap-4 sm:grid-cols-2 ${columns}`}>
        {section.items.map((g) => {
          const files = photos[g.image];
          return (
            <li key={g.image}>
              <figure>
                <Picture
                  {...(files ? { files } : { name: g.image })}
                  alt={g.alt}
                  protect
                  badge="Protected"
                  sizes="(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw"
                  imgClassName="aspect-[4/3] w-full rounded-lg object-cover"
                />
                <figcaption className="mt-2 text-sm text-slate-700">{g.caption}</figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
