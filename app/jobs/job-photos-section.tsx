/**
 * The progress photos on the desk's job page: what the homeowner sees on their page, each with
 * 'Remove', and the form that adds one (passed in by the page, which owns the upload).
 */
import type { ReactNode } from "react";
import { Form } from "react-router";
import { secondaryButton } from "~/owner/desk-frame";
import { MAX_JOB_PHOTOS } from "./job-rules";
import { ProgressPhoto, type ProgressPhotoView } from "./progress-photo";

export interface DeskJobPhoto extends ProgressPhotoView {
  id: string;
}

export function JobPhotosSection({
  photos,
  busy,
  upload,
}: {
  photos: DeskJobPhoto[];
  busy: boolean;
  upload: ReactNode;
}) {
  return (
    <section aria-labelledby="photos-heading" className="mt-6 rounded-lg border border-slate-300 bg-white p-4">
      <h2 id="photos-heading" className="text-lg font-bold text-navy-900">
        Photos for the homeowner ({photos.length} of {MAX_JOB_PHOTOS})
      </h2>
      <p className="mt-1">They appear on the homeowner&rsquo;s job page and nowhere public.</p>
      {photos.length > 0 ? (
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
          {photos.map((photo) => (
            <ProgressPhoto key={photo.id} photo={photo}>
              <Form method="post">
                <input type="hidden" name="photoId" value={photo.id} />
                <button type="submit" name="intent" value="remove-photo" disabled={busy} className={secondaryButton}>
                  Remove<span className="sr-only">: {photo.description}</span>
                </button>
              </Form>
            </ProgressPhoto>
          ))}
        </ul>
      ) : null}
      <h3 className="mt-5 font-semibold text-navy-900">Add a photo for the homeowner</h3>
      {upload}
    </section>
  );
}
