/**
 * What a service page is made of, and the rules its content file must follow.
 *
 * Each service has `content/services/<slug>.md`: front matter with the page's head (title,
 * description, keywords) and its sections in the order the page shows them, and a Markdown body with
 * the questions the page answers. A section is one of a few kinds and carries its own heading, so a
 * page gets a gallery, a banner or a list of towns by listing one, never by code that knows which
 * page it is drawing. Business facts are written as tokens (`{phone}`, see `tokens.ts`).
 *
 * The card text and picture that menus and grids show stay in `service-details.ts`; the hero uses
 * that picture too.
 */
import { z } from "zod";
import { iconNames } from "./icon-names";
import { OWNER_PHOTO_REF } from "./owner-photos";
import { ContentError, parseQuestions, readContentFile, type Question } from "./markdown";
import { profile } from "./profile";
import { serviceSlugs, type ServiceSlug } from "./services";
import { factsBeingRead, resolveTokens } from "./tokens";

/** Copy, with the business facts put in; the lengths are checked on what the page shows. */
const copy = (min: number, max: number) =>
  z
    .string()
    .min(1)
    .transform((value, ctx) => {
      const { text, problems } = resolveTokens(value);
      for (const message of problems) ctx.addIssue({ code: "custom", message });
      return text;
    })
    .pipe(z.string().min(min).max(max));

/** headings, titles, button labels: a pasted paragraph here is a mistake */
const line = copy(1, 100);
const prose = copy(1, 700);
const heading = line;
const icon = z.enum(iconNames);

const card = z.strictObject({ icon, title: line, text: prose });

/** A photo the owner put on the page from the desk, by its name there; drawn from the live layer. */
const ownerPhoto = z.string().regex(OWNER_PHOTO_REF, "must name a photo put on the site from the desk");

const hero = z
  .strictObject({
    kind: z.literal("hero"),
    eyebrow: line,
    /** the page's h1 */
    heading,
    intro: prose,
    estimateButton: line,
    /** a second button that dials the business, e.g. "Call {phone}" */
    callButton: line.optional(),
    /** show the business's review rating under the buttons */
    rating: z.boolean().optional(),
    /** The owner's photo behind the heading, in place of the service's illustration; with its description. */
    photo: ownerPhoto.optional(),
    photoAlt: prose.optional(),
  })
  .refine((h) => (h.photo === undefined) === (h.photoAlt === undefined), {
    message: "a photo at the top has a description, and a description a photo",
    path: ["photoAlt"],
  });

const banner = z.strictObject({ kind: z.literal("banner"), icon, heading, text: prose });

const cardGrid = z.strictObject({
  kind: z.literal("card-grid"),
  heading,
  cards: z
    .array(card)
    .refine((cards) => cards.length === 2 || cards.length === 4, "holds exactly 2 or 4 cards, so every row is full"),
});

const featureList = z.strictObject({
  kind: z.literal("feature-list"),
  heading,
  intro: prose,
  items: z
    .array(z.strictObject({ title: line, text: prose }))
    .min(5)
    .max(8),
});

const checklist = z.strictObject({ kind: z.literal("checklist"), heading, items: z.array(prose).min(5).max(7) });

/** why choose us: a few short reasons on a tinted panel */
const reasons = z.strictObject({ kind: z.literal("reasons"), heading, points: z.array(prose).min(4).max(6) });

/** the towns of a list in the facts or the profile, so they are never typed twice */
const serviceAreas = z.strictObject({
  kind: z.literal("service-areas"),
  heading,
  towns: z
    .enum(["homeWatchAreas", "serviceAreas"])
    .transform((list): string[] => [
      ...(list === "homeWatchAreas" ? factsBeingRead().homeWatchAreas : profile.areaServed.places),
    ]),
});

const gallery = (slug: ServiceSlug) =>
  z.strictObject({
    kind: z.literal("gallery"),
    heading,
    items: z
      .array(
        z.strictObject({
          // The build's pictures of the service, or the owner's photos.
          image: z
            .string()
            .regex(
              new RegExp(`^(?:gallery-${slug}-\\d+|${OWNER_PHOTO_REF.source.slice(1, -1)})$`),
              `must be named gallery-${slug}-<n> in images/src, or name a photo put on the site from the desk`,
            ),
          alt: prose,
          caption: line,
        }),
      )
      .min(3)
      .max(4)
      .refine((items) => new Set(items.map((i) => i.image)).size === items.length, "shows each picture once"),
  });

/** the questions of the file's Markdown body */
const questions = z.strictObject({ kind: z.literal("questions"), heading });

const callToAction = z.strictObject({
  kind: z.literal("call-to-action"),
  heading,
  text: prose,
  estimateButton: line,
  callButton: line.optional(),
});

const sectionSchema = (slug: ServiceSlug) =>
  z.discriminatedUnion("kind", [
    hero,
    banner,
    cardGrid,
    featureList,
    checklist,
    reasons,
    serviceAreas,
    gallery(slug),
    questions,
    callToAction,
  ]);

/** A section's id, which its heading labels the section region with. */
export const sectionId = (headingText: string) =>
  headingText
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function servicePageSchema(slug: ServiceSlug) {
  return z.strictObject({
    // Search results cut titles near 60 characters and descriptions near 160.
    metaTitle: copy(10, 60),
    metaDescription: copy(140, 160),
    keywords: z.array(line).min(3).max(10),
    sections: z.array(sectionSchema(slug)).superRefine((sections, ctx) => {
      const issue = (index: number, message: string) => ctx.addIssue({ code: "custom", message, path: [index] });
      if (sections[0]?.kind !== "hero") issue(0, "the first section is the hero");
      if (sections.at(-1)?.kind !== "call-to-action")
        issue(sections.length - 1, "the last section is the call to action");
      for (const kind of ["hero", "call-to-action", "questions"] as const) {
        const extra = sections.findIndex((s, i) => s.kind === kind && sections.findIndex((t) => t.kind === kind) !== i);
        if (extra >= 0) issue(extra, `a page has one ${kind} section`);
      }
      const ids = sections.map((s) => sectionId(s.heading));
      ids.forEach((id, i) => {
        if (ids.indexOf(id) !== i)
          issue(i, `heading "${sections[i]?.heading}": another section has it; each names its own region`);
      });
    }),
  });
}

type FrontMatter = z.output<ReturnType<typeof servicePageSchema>>;
type SectionData = FrontMatter["sections"][number];

/** One section of a service page, as the page draws it. */
export type ServiceSection = { id: string } & (
  | Exclude<SectionData, { kind: "questions" }>
  | (Extract<SectionData, { kind: "questions" }> & { questions: Question[] })
);

export type SectionKind = ServiceSection["kind"];
export type SectionOf<K extends SectionKind> = Extract<ServiceSection, { kind: K }>;

export interface ServicePage extends Omit<FrontMatter, "sections"> {
  slug: ServiceSlug;
  sections: ServiceSection[];
}

const isServiceSlug = (slug: string): slug is ServiceSlug => (serviceSlugs as readonly string[]).includes(slug);

/** Reads `<slug>.md`; throws a ContentError naming the file and every field that breaks a rule. */
export function parseServicePage(fileName: string, source: string): ServicePage {
  const slug = fileName.replace(/^.*\//, "").replace(/\.md$/, "");
  if (!isServiceSlug(slug))
    throw new ContentError(fileName, [`file name: no service has the slug "${slug}" (see services.ts)`]);
  const { data, body, problems } = readContentFile(source, servicePageSchema(slug));
  const parsed = parseQuestions(body);
  problems.push(...parsed.problems);
  for (const q of parsed.questions)
    if (q.id) problems.push(`body: question "${q.question}": {#${q.id}}: only FAQ questions take an anchor`);
  const shownAt = data?.sections.findIndex((s) => s.kind === "questions") ?? -1;
  if (data && parsed.questions.length && shownAt < 0)
    problems.push('sections: the body holds questions, but no section of kind "questions" shows them');
  if (data && !parsed.questions.length && shownAt >= 0)
    problems.push(`sections.${shownAt}: shows the questions of the body, which holds none`);
  if (!data || problems.length) throw new ContentError(fileName, problems);
  return {
    ...data,
    slug,
    sections: data.sections.map((s): ServiceSection => {
      const id = sectionId(s.heading);
      return s.kind === "questions" ? { ...s, id, questions: parsed.questions } : { ...s, id };
    }),
  };
}
