/**
 * The lead page's photos: thumbnails that open one photo full screen above the page. Each
 * thumbnail is also a plain link to the photo, for a browser without JavaScript.
 */
import { useState } from "react";
import { secondaryButton } from "~/owner/desk-frame";
import { photoPath } from "~/owner/paths";

export interface LeadPhotoView {
  id: string;
  fileName: string;
  width: number;
  height: number;
}

export function LeadPhotos({ leadId, photos }: { leadId: string; photos: readonly LeadPhotoView[] }) {
  const [viewing, setViewing] = useState<string | null>(null);
  const shown = photos.find((p) => p.id === viewing);
  return (
    <section aria-labelledby="photos" className="mt-6">
      <h2 id="photos" className="text-lg font-bold text-navy-900">
        Photos ({photos.length})
      </h2>
      {photos.length === 0 ? <p>No photos.</p> : null}
      <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
        {photos.map((photo, index) => (
          <li key={photo.id}>
            <a
              href={photoPath(leadId, photo.id)}
              onClick={(event) => {
                event.preventDefault();
                setViewing(photo.id);
              }}
              className="block min-h-11"
            >
              <img
                src={photoPath(leadId, photo.id)}
                alt={`Photo ${index + 1}: ${photo.fileName}`}
                width={photo.width}
                height={photo.height}
                loading="lazy"
                className="aspect-square w-full rounded-md object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
      {shown ? (
        <div
          role="dialog"
          aria-modal="true"
          aria-label={`Photo: ${shown.fileName}`}
          className="fixed inset-0 z-20 flex flex-col bg-navy-950/95 p-2"
        >
          <div className="flex justify-between gap-2">
            <a href={photoPath(leadId, shown.id)} className={`${secondaryButton}`} target="_blank" rel="noreferrer">
              Open full size
            </a>
            <button type="button" autoFocus onClick={() => setViewing(null)} className={secondaryButton}>
              Close photo
            </button>
          </div>
          <img src={photoPath(leadId, shown.id)} alt={shown.fileName} className="mt-2 min-h-0 flex-1 object-contain" />
        </div>
      ) : null}
    </section>
  );
}
