/**
 * axe-core in the e2e browser (issue 14): WCAG 2.1 A and AA rules on what the page shows now.
 * The page's context must be made with `bypassCSP: true`: the app's CSP rightly refuses the script
 * the scan injects.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  summary: string;
}

/** The serious and critical violations on the page; moderate and minor ones are reported apart by axe's own ranking. */
export async function axeScan(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: axeSource });
  const found = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, o: unknown) => Promise<{ violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[]; failureSummary?: string }> }> }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 4).map((n) => n.target.map(String).join(' ')),
      summary: (v.nodes[0]?.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim().slice(0, 200),
    }));
  }, [...WCAG_TAGS]);
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/**
 * Accessible names a screen reader would read in English (issue 14): antd names its icons after
 * their glyph ("caret-up", "user", "download"), rc-dialog and rc-notification name their close
 * button "Close", rc-picker the range separator "to". An element inside an `aria-hidden` subtree is
 * not read and does not count. Answers "name (element)" for each.
 */
export async function englishNames(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const english = /^(close|to|search|clear|loading|more|ellipsis|left|right|double-left|double-right|up|down|caret-up|caret-down|check|plus|minus|delete|edit|eye|eye-invisible|calendar|clock-circle|swap-right|user|logout|download|upload|reload|filter|info-circle|question-circle|exclamation-circle|close-circle|check-circle|warning|menu-fold|menu-unfold|copy|inbox|lock|mail|file|paper-clip|arrow-left|arrow-right|compass|team|bank|shop|audit|home|setting|bell|star)$/i;
    const readable = (el: Element) =>
      !el.closest('[aria-hidden="true"], [hidden], [inert]') && el.checkVisibility({ checkVisibilityCSS: true, checkOpacity: false } as CheckVisibilityOptions);
    return [...document.querySelectorAll('[aria-label], [title]')]
      .filter(readable)
      .flatMap((el) => ['aria-label', 'title'].map((a) => el.getAttribute(a)).filter((n): n is string => !!n && english.test(n.trim())).map((n) => `"${n}" (${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 2).join('.')})`));
  });
}

/** How long the page must stay still before a scan: rc-motion starts a transition a frame or two after the change that causes it. */
const QUIET_MS = 120;

/**
 * What moves or loads on the page now: the finite CSS animations and transitions running (antd's
 * motion: tabs ink, modal zoom, toasts), and whether a spinner, a skeleton or a pending lazy page
 * shows. Endless animations (a processing badge's pulse) never end and do not count, nor does the
 * click ripple (`.ant-wave`, a 2 s fade of an empty overlay, nothing axe reads).
 */
export const motionNow = (page: Page): Promise<{ moving: number; loading: boolean }> =>
  page.evaluate(() => ({
    moving: document
      .getAnimations()
      .filter(
        (a) =>
          a.playState === 'running' &&
          a.effect?.getComputedTiming().iterations !== Infinity &&
          !((a.effect as KeyframeEffect | null)?.target as Element | null)?.classList.contains('ant-wave'),
      ).length,
    loading: !!document.querySelector('.ant-spin-spinning, .ant-skeleton-active, [role="status"][aria-busy="true"]'),
  }));

/**
 * Waits until nothing loads or moves (`motionNow`) for QUIET_MS in a row: axe reads colours and
 * visibility, which a fade in progress would get wrong. A fixed 350 ms pause did the same on most
 * screens but was too short for some and long for the rest.
 */
export async function settle(page: Page): Promise<void> {
  const deadline = Date.now() + 30_000;
  let quietSince: number | null = null;
  for (;;) {
    const { moving, loading } = await motionNow(page);
    const now = Date.now();
    if (moving || loading) quietSince = null;
    else if (now - (quietSince ??= now) >= QUIET_MS) return;
    if (now > deadline) throw new Error(`the page did not settle in 30 s (${moving} animations running, loading: ${loading})`);
    await page.waitForTimeout(16);
  }
}
