import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/** axe's serious and critical violations on the page (or inside `include`), each as "rule: targets". */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const result = await (include ? builder.include(include) : builder).analyze();
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")}`,
    );
}

/** The violations of the named axe rules, whatever their impact, each as "rule: targets". */
export async function ruleViolations(page: Page, rules: string[]): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withRules(rules).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
