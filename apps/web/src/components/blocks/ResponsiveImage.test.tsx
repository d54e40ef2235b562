import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { IMAGE_QUALITY, ResponsiveImage } from "./ResponsiveImage";

describe("images (SPEC §9)", () => {
  it("uses quality 80, AVIF 65 and WebP 70", () => {
    expect(IMAGE_QUALITY).toEqual({ base: 80, avif: 65, webp: 70 });
  });

  it("offers AVIF, then WebP, each in 1x and 2x, through the image proxy", () => {
    const { container } = render(
      <ResponsiveImage src="https://cdn.example.test/b.png" alt="Banner" width={720} height={225} />,
    );
    const sources = [...container.querySelectorAll("source")];
    expect(sources.map((s) => s.getAttribute("type"))).toEqual(["image/avif", "image/webp"]);
    for (const s of sources) {
      const set = s.getAttribute("srcset") ?? "";
      expect(set).toMatch(/\/_next\/image\?url=https%3A%2F%2Fcdn\.example\.test%2Fb\.png&w=\d+&q=\d+ 1x/);
      expect(set).toMatch(/ 2x$/);
    }
    expect(container.querySelector("img")?.getAttribute("alt")).toBe("Banner");
  });
});
