import { imageProps } from "../../lib/image-props";

/** SPEC §9: image quality base 80; AVIF at 0.8125 of it, WebP at 0.875. */
export const IMAGE_QUALITY = {
  base: 80,
  avif: Math.round(80 * 0.8125),
  webp: Math.round(80 * 0.875),
} as const;

/**
 * An image through the image proxy (Next's optimizer) in AVIF and WebP with 1x and 2x variants, each
 * format at its own quality: the browser picks the first source type it supports.
 */
export function ResponsiveImage({
  src,
  alt,
  width,
  height,
  priority = false,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  priority?: boolean;
}) {
  const common = { src, alt, width, height, priority };
  const avif = imageProps({ ...common, quality: IMAGE_QUALITY.avif });
  const webp = imageProps({ ...common, quality: IMAGE_QUALITY.webp });
  const props = imageProps({ ...common, quality: IMAGE_QUALITY.base });
  return (
    <picture>
      <source type="image/avif" srcSet={avif.srcSet} />
      <source type="image/webp" srcSet={webp.srcSet} />
      <img {...props} alt={alt} />
    </picture>
  );
}
