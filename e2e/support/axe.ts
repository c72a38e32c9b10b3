import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * axe's serious and critical findings on the page as it is now, one entry per element found, saying
 * what a failure needs to be told (`rule (help) at target: html` and axe's summary of why); only
 * inside `selector` when one is given, for a spec whose screen's shell has specs of its own.
 */
export async function seriousFindings(page: Page, selector?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (selector ? builder.include(selector) : builder).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map(
        (node) =>
          `${violation.id} (${violation.help}) at ${node.target.join(' ')}: ${node.html}\n${node.failureSummary ?? ''}`,
      ),
    );
}

/**
 * Waits until nothing on the page is on its way anywhere: every CSS transition and every animation
 * that ends (MUI's colours easing in after a change of mode or theme, a dialog fading in, a drawer
 * sliding in, a button's ripple) has ended, so axe reads the colours and the screen as they stay.
 * Endless animations (a spinner's, a focus ripple's) go on and are not waited for.
 */
export async function untilStill(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          (animation.playState !== 'running' && !animation.pending) ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}
