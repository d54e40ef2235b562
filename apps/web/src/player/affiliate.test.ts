import { describe, expect, it } from "vitest";
import { keptTags, rememberTags } from "./affiliate";

describe("the affiliate cookie (SPEC §3: 30 days, the tracked tags)", () => {
  it("keeps the tags an address arrives with, and only those", () => {
    const doc = { cookie: "" };
    expect(rememberTags("?btag=b-1&gclid=g%202&utm_source=x", doc)).toEqual({ btag: "b-1", gclid: "g 2" });
    expect(doc.cookie).toMatch(/^affiliate_id=[^;]+; Max-Age=2592000; Path=\/; SameSite=Lax$/);
    const kept = { cookie: doc.cookie.split(";")[0] ?? "" };
    expect(keptTags(kept)).toEqual({ btag: "b-1", gclid: "g 2" });
    // A later page without tags keeps the earlier ones.
    expect(rememberTags("?page=2", kept)).toEqual({ btag: "b-1", gclid: "g 2" });
  });

  it("reads nothing from a cookie that is not its own shape", () => {
    expect(keptTags({ cookie: "affiliate_id=%E0%A4%A" })).toEqual({});
    expect(keptTags({ cookie: "affiliate_id=evil%3D1" })).toEqual({});
  });
});
