/** The picture beside the text of a home page section: half the width on large screens, fading in. */
import { Picture } from "~/ui/picture";

export function SectionPicture({ name, alt, className = "" }: { name: string; alt: string; className?: string }) {
  return (
    <div data-reveal className={className || undefined}>
      <Picture
        name={name}
        alt={alt}
        sizes="(min-width: 1280px) 600px, (min-width: 1024px) 45vw, 100vw"
        imgClassName="aspect-[4/3] w-full rounded-2xl object-cover shadow-lg"
      />
    </div>
  );
}
