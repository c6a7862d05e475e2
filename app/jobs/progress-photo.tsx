/**
 * One progress photo as both sides see it: the small copy, which opens the larger one, and its
 * description beneath. What follows it (the desk's 'Remove') is the caller's.
 */
import type { ReactNode } from "react";

export interface ProgressPhotoView {
  description: string;
  small: string;
  large: string;
  width: number;
  height: number;
}

export function ProgressPhoto({ photo, children }: { photo: ProgressPhotoView; children?: ReactNode }) {
  return (
    <li>
      <a href={photo.large} aria-label={`${photo.description} (open the larger copy)`} className="block">
        <img
          src={photo.small}
          alt={photo.description}
          width={photo.width}
          height={photo.height}
          loading="lazy"
          className="h-auto w-full rounded-lg"
        />
      </a>
      {/* The link already says it to a screen reader. */}
      <p aria-hidden="true" className="mt-1 text-sm">
        {photo.description}
      </p>
      {children}
    </li>
  );
}
