/**
 * How every picture on the site is encoded, whether the build makes it from images/src or the
 * server makes it from a photo the owner uploaded, so the two kinds look alike.
 *
 * AVIF at effort 2 rather than sharp's default 4: measured on a 12 MP photo and on the site's
 * 1920 px hero, effort 2 takes a quarter to a fifth of the time for the same bytes within 1 %
 * (decisions 0005 and 0020). Quality 45 rather than 50: on a camera's photo it is a sixth fewer
 * bytes at the widths phones take, and the project page painted 150 ms sooner; 40 and 35 saved
 * no more time (decision 0031, `npm run bench -- --only photos`).
 */
export const AVIF_OPTIONS = { quality: 45, effort: 2 } as const;
export const WEBP_OPTIONS = { quality: 72, effort: 4 } as const;
export const JPEG_OPTIONS = { quality: 78, mozjpeg: true } as const;
