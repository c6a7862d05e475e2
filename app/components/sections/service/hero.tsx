import { Icon } from "~/ui/icon";
import { Picture, type PictureFiles } from "~/ui/picture";
import { profile } from "~/content/profile";
import type { SectionOf } from "~/content/service-page-schema";
import { EstimateButton } from "~/leads/estimate-button";
import { CallButton } from "./call-button";

/** How wide the hero's picture is drawn: the whole viewport. The route's preload link uses the same. */
export const SERVICE_HERO_SIZES = "100vw";

/**
 * The page's opening: its h1 over the service's picture (or the owner's photo, `photo`), and the
 * buttons that start a request. The picture is a backdrop under the words, so it is not described
 * to screen readers. `phoneCopy`: given where the hero opens the page, as its largest paint (see
 * `firstPicture`).
 */
export function Hero({
  section,
  image,
  photo,
  phoneCopy,
}: {
  section: SectionOf<"hero">;
  image: string;
  photo?: PictureFiles;
  phoneCopy?: string;
}) {
  const { rating } = profile;
  return (
    <section className="relative isolate overflow-hidden bg-navy-900 text-white">
      <Picture
        {...(photo ? { files: photo } : { name: image })}
        alt=""
        sizes={SERVICE_HERO_SIZES}
        phoneCopy={phoneCopy}
        className="absolute inset-0 -z-10"
        imgClassName="h-full w-full object-cover opacity-30"
      />
      <div className="mx-auto max-w-6xl px-4 py-16 md:py-24">
        <p className="text-sm font-semibold tracking-wider text-sand-200 uppercase">{section.eyebrow}</p>
        <h1 className="mt-2 max-w-3xl text-3xl font-bold text-balance md:text-5xl">{section.heading}</h1>
        <p className="mt-4 max-w-2xl text-lg text-sea-100">{section.intro}</p>
        <div className="mt-8 flex flex-wrap gap-3">
          <EstimateButton>{section.estimateButton}</EstimateButton>
          {section.callButton ? <CallButton label={section.callButton} /> : null}
        </div>
        {section.rating ? (
          <p className="mt-6 flex items-center gap-2 text-sand-200">
            <Icon name="star" className="size-5" />
            <span>
              <strong className="text-white">{rating.value.toFixed(1)}</strong>
              {` of ${rating.best} from ${rating.countLabel} reviews`}
            </span>
          </p>
        ) : null}
      </div>
    </section>
  );
}
