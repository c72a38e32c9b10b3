import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe's serious and critical findings on the page as it is now, one line per element found
 * (`rule target`); only inside `selector` when one is given, for a spec whose screen's shell has
 * specs of its own.
 */
export async function seriousFindings(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id} ${node.target.join(' ')}`));
}
