import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's default rule set plus the two rules it leaves off: target-size (its one WCAG 2.2
 * AA rule, 2.5.8) and label-content-name-mismatch (2.5.3, filed as experimental).
 * They are switched on by name; `withTags` would instead narrow the run to a subset.
 */
const extraRules = ["target-size", "label-content-name-mismatch"];

export async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .options({ rules: Object.fromEntries(extraRules.map((id) => [id, { enabled: true }])) })
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(" ")),
  }));
}
