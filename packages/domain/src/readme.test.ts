import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import * as domain from "./index.js";

const readme = readFileSync(join(import.meta.dirname, "..", "README.md"), "utf8");

/** The package's shipped source, every file of it: where a name the README uses must still be. */
function sourceText(): string {
  return readdirSync(import.meta.dirname)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .map((file) => readFileSync(join(import.meta.dirname, file), "utf8"))
    .join("\n");
}

/**
 * The code names the README writes in backticks: camelCase functions (`money(amount, code)` counts
 * as `money` only when it has a capital, so plain words like `single` are left alone), PascalCase
 * types and UPPER_CASE constants.
 */
function readmeCodeNames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(/`([A-Za-z_]\w*)(?:\(|`)/g)) {
    const name = m[1] ?? "";
    if (
      /^[a-z][a-z0-9]*[A-Z]/.test(name) ||
      /^[A-Z][A-Z0-9]*_[A-Z0-9_]+$/.test(name) ||
      /^[A-Z][a-z]+[A-Z]/.test(name)
    )
      names.add(name);
  }
  return [...names];
}

describe("package README", () => {
  it("names every runtime export of the package", () => {
    const missing = Object.keys(domain).filter((name) => !new RegExp(`\\b${name}\\b`).test(readme));
    expect(missing).toEqual([]);
  });

  it("names nothing the package no longer has: a symbol that leaves leaves the README too", () => {
    const source = sourceText();
    const stale = readmeCodeNames(readme).filter(
      (name) => !(name in domain) && !new RegExp(`\\b${name}\\b`).test(source),
    );
    expect(stale).toEqual([]);
  });

  it("reads code names from backticks and leaves plain words alone", () => {
    expect(readmeCodeNames("`totalOdds(legs)`, `MAX_ODDS`, `TicketState`, `single`, `a.ts`")).toEqual([
      "totalOdds",
      "MAX_ODDS",
      "TicketState",
    ]);
  });
});
