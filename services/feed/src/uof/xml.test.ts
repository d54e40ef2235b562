import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { createFrameEncoder } from "../adapters.js";
import { createSimulator } from "../sim/simulator.js";
import { isUofArray } from "./decode.js";
import { readXml } from "./xml.js";

// fast-xml-parser, validated first, is the reference the reader must agree with.
const reference = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseAttributeValue: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  isArray: isUofArray,
});

function agrees(xml: string): void {
  const r = readXml(xml, isUofArray);
  expect(XMLValidator.validate(xml)).toBe(true);
  if (!r.ok) throw new Error(r.reason);
  expect(r.doc).toEqual(reference.parse(xml));
}

const dir = join(import.meta.dirname, "../../fixtures/providers");

describe("the XML reader", () => {
  it("reads every provider sample as fast-xml-parser does", () => {
    const files = readdirSync(dir).filter((f) => f.endsWith(".xml"));
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) agrees(readFileSync(join(dir, f), "utf8"));
  });

  it("reads every message of a simulated session as fast-xml-parser does", () => {
    const T0 = Date.UTC(2026, 10, 22, 12);
    const sim = createSimulator({ seed: 5, matches: 12, startTime: T0, outages: true });
    const enc = createFrameEncoder();
    let n = 0;
    for (let t = T0; t <= T0 + 30 * 60_000; t += 60_000) {
      for (const m of sim.advanceTo(t)) {
        const f = enc.encode(m.event, m);
        if (!f || f.provider === "betconstruct") continue;
        agrees(f.body);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
  });

  it("reads text, entities, CDATA, comments and the declaration", () => {
    for (const xml of [
      '<?xml version="1.0" encoding="UTF-8"?>\n<a x=" 1 " y=\'it&apos;s &amp; &quot;\'>\n  <b>t &lt; u</b><!-- note --><b/>\n</a>',
      "<a><![CDATA[<raw>]]></a>",
      '<a k="v">text</a>',
      "<fixture><competitors><competitor id='sr:competitor:1' name='A'/></competitors></fixture>",
    ])
      agrees(xml);
  });

  it("reads character references as the characters they name (fast-xml-parser leaves them as written)", () => {
    expect(readXml('<a x="&#65;&#x42;"/>', isUofArray)).toEqual({ ok: true, doc: { a: { x: "AB" } } });
  });

  it.each([
    ["an unclosed element", '<odds_change product="1"><odds>'],
    ["a mismatched closing tag", "<a><b></a></b>"],
    ["a closing tag with nothing open", "<a/></a>"],
    ["text outside the root", "junk<a/>"],
    ["no element at all", '{"odds": 1}'],
    ["an unquoted attribute", "<a x=1/>"],
    ["an attribute without a value", "<a x/>"],
    ["an unclosed attribute", '<a x="1/>'],
    ["a repeated attribute", '<a x="1" x="2"/>'],
    ["attributes run together", '<a x="1"y="2"/>'],
    ["an unterminated reference", "<a>a & b</a>"],
    ["an unterminated tag", "<a x='1'"],
  ])("refuses %s, as the validator does", (_name, xml) => {
    expect(XMLValidator.validate(xml)).not.toBe(true);
    const r = readXml(xml, isUofArray);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason.length).toBeGreaterThan(5);
  });

  // XML 1.0 forbids these; the validator lets them through (the decoder refused two roots itself).
  it.each([
    ["two roots", "<a/><b/>"],
    ["a < inside an attribute", '<a x="<"/>'],
    ["an entity no document declares", "<a>&nbsp;</a>"],
    ["a document type (its entities would be read from it)", "<!DOCTYPE a><a/>"],
    ["an unterminated comment", "<a/><!-- x"],
  ])("refuses %s", (_name, xml) => {
    expect(readXml(xml, isUofArray).ok).toBe(false);
  });
});
