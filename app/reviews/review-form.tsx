/**
 * The homeowner's review form on /review/<token>: the rating as five radio buttons (arrow keys move
 * between them), the review, the name to show and the town, and 'Publish my review'. A plain form
 * post: it works without JavaScript, and the server's answer is the page.
 */
import { Form } from "react-router";
import { FieldFrame, fieldControlClass, describedBy } from "~/ui/field";
import { buttonClass } from "~/ui/button";
import { NAME_MAX_LENGTH, REVIEW_MAX_LENGTH, REVIEW_MIN_LENGTH, TOWN_MAX_LENGTH } from "./review-rules";
import type { ReviewErrors, ReviewValues } from "./review-rules";

const RATINGS = [1, 2, 3, 4, 5] as const;

export function ReviewForm({ values, errors, busy }: { values: ReviewValues; errors: ReviewErrors; busy: boolean }) {
  const ratingHelp = describedBy("rating", false, errors.rating);
  return (
    <Form method="post" className="mt-8 space-y-6" noValidate>
      <fieldset aria-describedby={ratingHelp} aria-invalid={errors.rating ? true : undefined}>
        <legend className="mb-2 text-sm font-semibold text-navy-900">Rating</legend>
        <div className="flex flex-wrap gap-2">
          {RATINGS.map((stars) => (
            <label
              key={stars}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-400 bg-white px-3 has-[:checked]:border-navy-800 has-[:checked]:bg-sea-50"
            >
              <input
                type="radio"
                name="rating"
                value={String(stars)}
                defaultChecked={values.rating === String(stars)}
                className="size-5"
              />
              <span aria-hidden="true" className="text-sunset-700">
                {"★".repeat(stars)}
              </span>
              <span>
                {stars} star{stars === 1 ? "" : "s"}
              </span>
            </label>
          ))}
        </div>
        {errors.rating ? (
          <p id="rating-error" className="mt-1 text-sm font-medium text-red-700">
            {errors.rating}
          </p>
        ) : null}
      </fieldset>
      <FieldFrame
        id="review-body"
        label="Your review"
        hint={`What was the job, and how did it go? ${REVIEW_MIN_LENGTH} to ${REVIEW_MAX_LENGTH.toLocaleString("en-US")} characters.`}
        error={errors.body}
      >
        <textarea
          id="review-body"
          name="body"
          rows={7}
          maxLength={REVIEW_MAX_LENGTH + 200}
          defaultValue={values.body}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={describedBy("review-body", true, errors.body)}
          className={fieldControlClass}
        />
      </FieldFrame>
      <div className="grid gap-4 sm:grid-cols-2">
        <FieldFrame
          id="review-name"
          label="Name to show"
          hint="Shown with your review. Change it as you like."
          error={errors.name}
        >
          <input
            id="review-name"
            name="name"
            autoComplete="off"
            maxLength={NAME_MAX_LENGTH + 20}
            defaultValue={values.name}
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("review-name", true, errors.name)}
            className={fieldControlClass}
          />
        </FieldFrame>
        <FieldFrame id="review-town" label="Town" error={errors.town}>
          <input
            id="review-town"
            name="town"
            autoComplete="address-level2"
            maxLength={TOWN_MAX_LENGTH + 20}
            defaultValue={values.town}
            aria-invalid={errors.town ? true : undefined}
            aria-describedby={describedBy("review-town", false, errors.town)}
            className={fieldControlClass}
          />
        </FieldFrame>
      </div>
      <button type="submit" disabled={busy} className={buttonClass("secondary")}>
        {busy ? "Publishing…" : "Publish my review"}
      </button>
    </Form>
  );
}
