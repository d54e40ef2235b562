import { describe, expect, it } from "vitest";
import { plainTitle, readDraft, withField } from "./content-document";

describe("the content editor's document", () => {
  it("names each problem by its path in the document", () => {
    const draft = readDraft(JSON.stringify({ theme: "purple", layout: { header: [{ kind: "nope" }] } }));
    expect(draft.document).toBeDefined();
    expect(draft.problems.map((p) => p.split(":")[0]).sort()).toEqual(["layout.header.0.kind", "theme"]);
  });

  it("refuses text that is not a JSON object", () => {
    expect(readDraft("{ nope").problems[0]).toMatch(/^\(document\): /);
    expect(readDraft("[1]").problems).toEqual(["(document): must be a JSON object"]);
    expect(readDraft("[1]").document).toBeUndefined();
  });

  it("accepts a valid document and edits one field at a time", () => {
    const draft = readDraft('{"siteName":"Book"}');
    expect(draft.problems).toEqual([]);
    const text = withField(draft.document ?? {}, "theme", "light");
    expect(JSON.parse(text)).toEqual({ siteName: "Book", theme: "light" });
    expect(JSON.parse(withField(JSON.parse(text), "theme", undefined))).toEqual({ siteName: "Book" });
    expect(plainTitle({ title: "About" })).toBe("About");
    expect(plainTitle({ title: { en: "About" } })).toBeUndefined();
  });
});
