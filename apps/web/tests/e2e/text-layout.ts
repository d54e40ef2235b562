import type { Locator } from "playwright-core";

/** The words of the elements' own text that the browser broke across two lines (a box on each). */
export function wordsBrokenAcrossLines(names: Locator): Promise<string[]> {
  return names.evaluateAll((els) =>
    els.flatMap((el) => {
      const text = el.firstChild;
      if (!text || text.nodeType !== Node.TEXT_NODE) return [];
      const out: string[] = [];
      const content = text.textContent ?? "";
      for (const match of content.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(text, match.index);
        range.setEnd(text, match.index + match[0].length);
        if (new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size > 1) out.push(match[0]);
      }
      return out;
    }),
  );
}
