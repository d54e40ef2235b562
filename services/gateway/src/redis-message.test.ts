import { describe, expect, it } from "vitest";
import { readPublished } from "./redis-message.js";

/** What the publish script sends for a publication `pub` (its JSON) at `offset` in `epoch`. */
const sent = (offset: number, epoch: string, pub: object) =>
  `{"o":${offset},"e":"${epoch}","p":${JSON.stringify(pub)}}`;

describe("a publication as the publish script sends it", () => {
  it("gives the publication with its offset as the memory broker encodes it", () => {
    const pub = { data: { odds: [1500, 3400], team: "São Paulo", note: 'a "quoted" }}' }, tags: { k: "v" } };
    const m = readPublished("match:1", sent(42, "k3j9x0a1", pub));
    expect(m).toMatchObject({ kind: "pub", channel: "match:1", offset: 42, epoch: "k3j9x0a1" });
    expect(m?.kind === "pub" && m.json).toBe(JSON.stringify({ ...pub, offset: 42 }));
    expect(m?.kind === "pub" && m.pub).toEqual({ ...pub, offset: 42 });
  });

  it("gives a publication without data its offset alone", () => {
    const m = readPublished("match:1", sent(1, "abc", {}));
    expect(m?.kind === "pub" && m.json).toBe('{"offset":1}');
  });

  it("leaves anything else to the full decoder: joins, leaves, publications without history", () => {
    expect(readPublished("match:1", '{"p":{"data":1}}')).toBeNull();
    expect(readPublished("match:1", '{"j":{"user":"1","client":"c"}}')).toBeNull();
    expect(readPublished("match:1", '{"o":1,"e":"EPOCH","p":{"data":1}}')).toBeNull();
    expect(readPublished("match:1", '{"o":1,"e":"abc","p":1}')).toBeNull();
  });
});
