import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { splitContentFile } from "~/content/markdown";
import { pageKinds } from "./page-kinds";
import { pictureValues, withPictures } from "./page-pictures";
import { wordGroups } from "./page-words";

const decks = () => parse(splitContentFile(pageKinds.service.repository["decks-and-stairs"] ?? "")?.yaml ?? "");
const photo = "photo-0b6f3c1e-5d2a-4c8e-9f71-2a3b4c5d6e7f";

describe("a service page's pictures on the editor", () => {
  it("offers the top's photo with its description, and each gallery picture, in their sections", () => {
    const groups = wordGroups(decks());
    const top = groups.find((g) => g.legend.endsWith("top of the page"));
    expect(top?.pictures.map((p) => [p.label, p.optional, p.alt?.label])).toEqual([
      ["Photo behind the heading", true, "What the photo shows (for search and for sharing)"],
    ]);
    const gallery = groups.find((g) => g.legend.endsWith("gallery"));
    expect(gallery?.pictures.map((p) => p.label)).toEqual(["Picture 1", "Picture 2", "Picture 3", "Picture 4"]);
    // The top's photo is not also offered as words.
    expect(groups.flatMap((g) => g.fields).some((f) => /photo/i.test(f.name))).toBe(false);
  });

  it("reads the page's pictures, and writes a replaced one and a photo at the top", () => {
    const front = decks();
    const values = pictureValues(front);
    expect(values["p.sections.0.photo"]).toBe("");
    expect(values["p.sections.3.items.1.image"]).toBe("gallery-decks-and-stairs-2");
    const changed = withPictures(front, {
      ...values,
      "p.sections.3.items.1.image": photo,
      "p.sections.0.photo": photo,
      "p.sections.0.photoAlt": "  A new deck\non a raised home ",
    });
    expect(pictureValues(changed)).toMatchObject({
      "p.sections.0.photo": photo,
      "p.sections.0.photoAlt": "A new deck on a raised home",
      "p.sections.3.items.0.image": "gallery-decks-and-stairs-1",
      "p.sections.3.items.1.image": photo,
    });
    // Taking the photo away from the top takes its description too; nothing else of the page moves.
    const back = withPictures(changed, { ...pictureValues(changed), "p.sections.0.photo": "" });
    expect(back).toEqual(withPictures(front, { ...values, "p.sections.3.items.1.image": photo }));
    expect(front).toEqual(decks());
  });
});
