/**
 * The options of a link picker on the desk: a first option for none, then each group of places (the
 * site's pages, its services, articles and projects, the business's phone and email) under its
 * label. Shared by the questions' links and the articles' marks.
 */
import type { LinkChoiceGroup } from "./faq-form";

export function LinkChoiceOptions({ none, groups }: { none: string; groups: readonly LinkChoiceGroup[] }) {
  return (
    <>
      <option value="">{none}</option>
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.choices.map((choice) => (
            <option key={choice.to} value={choice.to}>
              {choice.title}
            </option>
          ))}
        </optgroup>
      ))}
    </>
  );
}
