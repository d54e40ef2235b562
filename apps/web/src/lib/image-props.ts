/**
 * Props of an `<img>` served through Next's image optimizer (`/_next/image`), for server
 * components. Next's own `getImageProps` gives the same, but importing `next/image` on the server
 * adds its client component to the page's first load (some 3.5 KB compressed) even when only the
 * props are used.
 */

/** The sizes and qualities the optimizer serves: `next.config.ts`'s, which a test holds equal. */
export const IMAGE_CONFIG = {
  deviceSizes: [360, 720, 960, 1280, 1920],
  imageSizes: [16, 24, 32, 48, 64, 96, 128, 256],
  qualities: [65, 70, 80],
} as const;

const ALL_SIZES = [...IMAGE_CONFIG.imageSizes, ...IMAGE_CONFIG.deviceSizes].sort((a, b) => a - b);

export interface ImageInput {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** One of IMAGE_CONFIG.qualities; the closest is used otherwise. */
  quality?: number;
  /** Above the fold: loaded at once and early. */
  priority?: boolean;
  /** Served as it is (SVG, data URLs). */
  unoptimized?: boolean;
}

export interface ImageProps {
  src: string;
  srcSet: string | undefined;
  alt: string;
  width: number;
  height: number;
  loading: "lazy" | undefined;
  fetchPriority: "high" | undefined;
  decoding: "async";
  style: { color: "transparent" };
}

function closestQuality(q: number): number {
  return IMAGE_CONFIG.qualities.reduce((best, c) => (Math.abs(c - q) < Math.abs(best - q) ? c : best));
}

/** The smallest allowed size at least `w` wide (the largest when none is). */
function allowedWidth(w: number): number {
  return ALL_SIZES.find((s) => s >= w) ?? (ALL_SIZES[ALL_SIZES.length - 1] as number);
}

function optimizerUrl(src: string, width: number, quality: number): string {
  return `/_next/image?url=${encodeURIComponent(src)}&w=${width}&q=${quality}`;
}

/** What `getImageProps` answers for a fixed-size image: 1x and 2x candidates of the allowed sizes. */
export function imageProps(input: ImageInput): ImageProps {
  const base = {
    alt: input.alt,
    width: input.width,
    height: input.height,
    loading: input.priority ? undefined : ("lazy" as const),
    fetchPriority: input.priority ? ("high" as const) : undefined,
    decoding: "async" as const,
    style: { color: "transparent" as const },
  };
  if (input.unoptimized) return { ...base, src: input.src, srcSet: undefined };
  const quality = closestQuality(input.quality ?? 75);
  const widths = [...new Set([allowedWidth(input.width), allowedWidth(input.width * 2)])];
  const srcSet = widths.map((w, i) => `${optimizerUrl(input.src, w, quality)} ${i + 1}x`).join(", ");
  return { ...base, src: optimizerUrl(input.src, widths[widths.length - 1] as number, quality), srcSet };
}
