/** The desk's project fields: title, service, town (the served towns offered, any typed), finished, story. */
import { Form } from "react-router";
import { services } from "~/content/services";
import { DeskField } from "~/owner/desk-field";
import { inputClass, primaryButton } from "~/owner/desk-frame";
import { MAX_PHOTOS, MAX_STORY, MAX_TITLE, MAX_TOWN, type ProjectErrors, type ProjectValues } from "./project-rules";

export const EMPTY_PROJECT: ProjectValues = { title: "", service: "", town: "", finished: "", story: "" };

export function ProjectForm({
  values,
  errors,
  busy,
  submitLabel,
  leadId,
  jobPhotos = 0,
  towns,
}: {
  values: ProjectValues;
  errors: ProjectErrors;
  busy: boolean;
  submitLabel: string;
  /** The served towns offered under the town field (`servedTowns`); any other may be typed. */
  towns: readonly string[];
  leadId?: string;
  /** The progress photos of the job the project is made from, offered to start with. */
  jobPhotos?: number;
}) {
  return (
    <Form method="post" className="mt-3 max-w-xl space-y-4" noValidate>
      {leadId ? <input type="hidden" name="leadId" value={leadId} /> : null}
      <DeskField
        id="project-title"
        label="Title"
        error={errors.title}
        hint="What was done, e.g. “Rebuilt deck stairs with a landing”."
      >
        {(control) => (
          <input
            {...control}
            name="title"
            defaultValue={values.title}
            maxLength={MAX_TITLE}
            required
            className={inputClass}
          />
        )}
      </DeskField>
      <DeskField id="project-service" label="Service" error={errors.service}>
        {(control) => (
          <select {...control} name="service" defaultValue={values.service} required className={inputClass}>
            <option value="">Choose…</option>
            {services.map((s) => (
              <option key={s.slug} value={s.slug}>
                {s.title}
              </option>
            ))}
          </select>
        )}
      </DeskField>
      <DeskField id="project-town" label="Town" error={errors.town} hint="Only the town: never the street.">
        {(control) => (
          <>
            <input
              {...control}
              name="town"
              list="project-towns"
              defaultValue={values.town}
              maxLength={MAX_TOWN}
              required
              autoComplete="off"
              className={inputClass}
            />
            <datalist id="project-towns">
              {towns.map((t) => (
                <option key={t} value={t} />
              ))}
            </datalist>
          </>
        )}
      </DeskField>
      <DeskField id="project-finished" label="Finished" error={errors.finished} hint="Month and year, e.g. 2026-10.">
        {(control) => (
          <input
            {...control}
            type="month"
            name="finished"
            defaultValue={values.finished}
            required
            pattern="\d{4}-\d{2}"
            placeholder="2026-10"
            className={inputClass}
          />
        )}
      </DeskField>
      <DeskField
        id="project-story"
        label="Story"
        error={errors.story}
        hint={`Plain paragraphs; start a line with “- ” for a list. At most ${MAX_STORY.toLocaleString("en-US")} characters. Never the street or the homeowner's name.`}
      >
        {(control) => (
          <textarea {...control} name="story" defaultValue={values.story} rows={8} className={inputClass} />
        )}
      </DeskField>
      {jobPhotos > 0 ? (
        <label className="flex min-h-11 items-center gap-2 font-semibold text-navy-900">
          <input type="checkbox" name="jobPhotos" value="yes" defaultChecked className="size-5" />
          Start with the job&rsquo;s {jobPhotos === 1 ? "progress photo" : `${jobPhotos} progress photos`}
          {jobPhotos > MAX_PHOTOS ? ` (the first ${MAX_PHOTOS})` : ""}
        </label>
      ) : null}
      <button type="submit" name="intent" value="save" disabled={busy} className={primaryButton}>
        {submitLabel}
      </button>
    </Form>
  );
}
