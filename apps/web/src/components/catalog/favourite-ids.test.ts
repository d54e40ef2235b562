import { describe, expect, it } from "vitest";
import { videoLinkOf } from "../match/VideoLink";
import { favouriteIds } from "./FavoritesContext";

describe("client answers are checked before use", () => {
  it("favourite ids: numbers only, anything else ignored", () => {
    expect(favouriteIds({ data: [{ id: 3, created_at: "x" }, { id: "4" }, null, { id: 1.5 }] })).toEqual([
      "3",
    ]);
    expect(favouriteIds({ data: "nope" })).toEqual([]);
    expect(favouriteIds(null)).toEqual([]);
  });

  it("video link: only http(s) links are opened", () => {
    expect(videoLinkOf({ data: { link: "https://video.test/1" } })).toBe("https://video.test/1");
    expect(videoLinkOf({ data: { link: "javascript:alert(1)" } })).toBeUndefined();
    expect(videoLinkOf({})).toBeUndefined();
  });
});
