/**
 * One photo on the desk's project page: its thumbnail or its state, and a form of its own for the
 * description, the Before/After label, the cover and removal, so each works without JavaScript.
 * They post to the photos' route (`action`), through its fetcher once the script runs.
 */
import { useFetcher } from "react-router";
import { dangerButton, inputClass, secondaryButton } from "~/owner/desk-frame";
import type { DeskPhoto } from "./desk-projects.server";
import { LABEL_CHOICES, MAX_DESCRIPTION } from "./project-rules";

/** A desk photo as the page's loader sends it: the thumbnail as a path. */
export type LoadedPhoto = Omit<DeskPhoto, "thumbnail"> & { thumbnail: string | null };

export function PhotoRow({
  photo,
  busy,
  action,
  error,
}: {
  photo: LoadedPhoto;
  busy: boolean;
  action: string;
  error?: string;
}) {
  const { Form } = useFetcher({ key: action });
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row">
      <div className="w-32 shrink-0">
        {photo.thumbnail ? (
          <img
            src={photo.thumbnail}
            alt={photo.description}
            width={128}
            height={96}
            className="h-24 w-32 rounded object-cover"
          />
        ) : (
          <p className="flex h-24 w-32 items-center justify-center rounded bg-slate-100 p-2 text-center text-sm">
            {photo.state === "waiting" ? "Being processed…" : "Could not be read"}
          </p>
        )}
        {photo.cover ? <p className="mt-1 text-sm font-semibold text-navy-900">Cover</p> : null}
      </div>
      <div className="flex-1 space-y-2">
        {photo.problem ? <p className="text-sm font-semibold text-red-800">{photo.problem}</p> : null}
        <Form method="post" action={action} className="space-y-2">
          <input type="hidden" name="photoId" value={photo.id} />
          <label htmlFor={`desc-${photo.id}`} className="block text-sm font-semibold text-navy-900">
            Description
          </label>
          <input
            id={`desc-${photo.id}`}
            name="description"
            defaultValue={photo.description}
            maxLength={MAX_DESCRIPTION}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `desc-${photo.id}-error` : undefined}
            className={inputClass}
          />
          {error ? (
            <p id={`desc-${photo.id}-error`} className="text-sm font-semibold text-red-800">
              {error}
            </p>
          ) : null}
          <fieldset className="flex flex-wrap gap-4">
            <legend className="sr-only">Label</legend>
            {LABEL_CHOICES.map(({ value, text }) => (
              <label
                key={value}
                className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-400 px-3"
              >
                <input
                  type="radio"
                  name="label"
                  value={value}
                  defaultChecked={(photo.label ?? "") === value}
                  className="size-5"
                />
                {text}
              </label>
            ))}
          </fieldset>
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="describe-photo" disabled={busy} className={secondaryButton}>
              Save photo
            </button>
            {!photo.cover ? (
              <button type="submit" name="intent" value="cover" disabled={busy} className={secondaryButton}>
                Make cover
              </button>
            ) : null}
            <button type="submit" name="intent" value="remove-photo" disabled={busy} className={dangerButton}>
              Remove
            </button>
          </div>
        </Form>
      </div>
    </li>
  );
}
