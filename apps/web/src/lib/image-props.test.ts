import { getImgProps } from "next/dist/shared/lib/get-img-props";
import { imageConfigDefault } from "next/dist/shared/lib/image-config";
import defaultLoader from "next/dist/shared/lib/image-loader";
import { describe, expect, it } from "vitest";
import { IMAGE_CONFIG, imageProps } from "./image-props";

// Next's own computation (what getImageProps runs) under this site's image configuration
const imgConf = {
  ...imageConfigDefault,
  ...IMAGE_CONFIG,
  deviceSizes: [...IMAGE_CONFIG.deviceSizes],
  imageSizes: [...IMAGE_CONFIG.imageSizes],
  qualities: [...IMAGE_CONFIG.qualities],
  formats: ["image/avif", "image/webp"],
  allSizes: [...IMAGE_CONFIG.imageSizes, ...IMAGE_CONFIG.deviceSizes].sort((a, b) => a - b),
};
const nextProps = (input: (typeof cases)[number]) =>
  getImgProps(input, {
    defaultLoader: defaultLoader as never,
    imgConf: imgConf as never,
    showAltText: false,
    blurComplete: false,
  }).props;

const cases = [
  { src: "https://cdn.example/logo.png", alt: "", width: 20, height: 20 },
  { src: "/banners/cup.jpg", alt: "Cup", width: 720, height: 240, quality: 65 },
  { src: "/banners/cup.jpg", alt: "Cup", width: 1280, height: 400, quality: 80, priority: true },
  { src: "/brand.svg", alt: "Sportsbook", width: 150, height: 32, priority: true, unoptimized: true },
  { src: "https://cdn.example/a b.png?x=1&y=2", alt: "odd name", width: 2400, height: 10, quality: 70 },
];

describe("image props for server components", () => {
  it.each(cases)("equal what next/image's getImageProps answers for $src at $width px", (input) => {
    const ours = imageProps(input);
    const props = nextProps(input);
    expect({ src: ours.src, srcSet: ours.srcSet, width: ours.width, height: ours.height }).toEqual({
      src: props.src,
      srcSet: props.srcSet,
      width: props.width,
      height: props.height,
    });
    expect([ours.loading, ours.decoding]).toEqual([props.loading, props.decoding]);
    // an image above the fold is also fetched early (getImageProps leaves that to the Image component's preload)
    expect(ours.fetchPriority).toBe(input.priority ? "high" : undefined);
  });

  it("use the sizes and qualities next.config.ts gives the optimizer", async () => {
    const images = (await import("../../next.config")).default.images;
    expect({
      deviceSizes: images?.deviceSizes,
      imageSizes: images?.imageSizes,
      qualities: [...(images?.qualities ?? [])].sort((a, b) => a - b),
    }).toEqual({
      deviceSizes: [...IMAGE_CONFIG.deviceSizes],
      imageSizes: [...IMAGE_CONFIG.imageSizes],
      qualities: [...IMAGE_CONFIG.qualities],
    });
  });
});
