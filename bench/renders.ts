/**
 * `npx tsx bench/renders.ts`: what React renders between a click and the rows (issue 17). Signs in
 * to our app in headless Chromium (the way bench/browser.ts does: fields filled, network settled,
 * then the click), then picks "Com pendência" in the state filter, and prints every React commit
 * of each step: when (ms after the click), how many components rendered, and where each rendered
 * subtree started (its nearest named ancestors) with its size and why it rendered (a state hook or
 * a context whose value changed, or a mount). Production builds call the DevTools hook's
 * `onCommitFiberRoot`, so the figures are the shipped app's.
 *
 * Names are minified in the shipped build: build an unminified copy and serve it for readable ones,
 *   npx vite build --minify false --outDir /tmp/dist-plain && BENCH_DIST=/tmp/dist-plain npx tsx bench/renders.ts
 * Env: RENDERS_APP=baseline (the baseline app instead of ours), RENDERS_MIN=100 (commits with fewer rendered components are left out), RENDERS_SUBTREE=15
 * (smaller subtrees are left out of a commit's list).
 */
import { launchBrowser } from '../tests/e2e/support/browser';
import { startApps } from './baseline/apps';

const MIN = Number(process.env.RENDERS_MIN ?? 100);
const SUBTREE = Number(process.env.RENDERS_SUBTREE ?? 15);

interface Commit {
  at: number;
  rendered: number;
  origins: { label: string; size: number }[];
}

// A string, not a function: the page runs it before any script, and tsx's transform would add helpers the page lacks.
const HOOK = `
(() => {
  const COMPONENT = new Set([0, 1, 11, 14, 15]);
  const nameOf = (f) => {
    const t = (f.type && (f.type.render || f.type.type)) || f.type;
    const n = t && (t.displayName || t.name);
    if (n) return n;
    let h = f.child;
    while (h && typeof h.type !== 'string') h = h.child;
    return h ? '<' + h.type + (h.stateNode && typeof h.stateNode.className === 'string' && h.stateNode.className ? '.' + h.stateNode.className.split(' ')[0] : '') + '>' : 'anonymous';
  };
  const why = (f) => {
    const a = f.alternate;
    if (!a) return 'mount';
    const out = [];
    for (let h1 = f.memoizedState, h2 = a.memoizedState, i = 0; h1 && h2 && i < 80; h1 = h1.next, h2 = h2.next, i++) {
      if (h1.queue && h1.memoizedState !== h2.memoizedState) out.push('state#' + i);
    }
    for (let d = f.dependencies && f.dependencies.firstContext, d2 = a.dependencies && a.dependencies.firstContext; d; d = d.next, d2 = d2 && d2.next) {
      if (d2 && d.memoizedValue !== d2.memoizedValue) {
        const v = d.memoizedValue;
        out.push('context{' + (v && typeof v === 'object' ? Object.keys(v).slice(0, 4).join(',') : typeof v) + '}');
      }
    }
    return [...new Set(out)].join(' ');
  };
  window.__renders = { since: null, commits: [] };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject() { return 1; },
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const r = window.__renders;
      if (r.since === null) return;
      const origins = [];
      const path = [];
      let rendered = 0;
      let current = null;
      const walk = (first, parentRendered) => {
        for (let f = first; f; f = f.sibling) {
          const component = COMPONENT.has(f.tag);
          const did = component && (f.flags & 1) === 1;
          const saved = current;
          if (did) {
            rendered++;
            if (!parentRendered) {
              current = { label: path.slice(-3).join(' > ') + ' > ' + nameOf(f) + ' [' + why(f) + ']', size: 0 };
              origins.push(current);
            }
            if (current) current.size++;
          }
          if (component) path.push(nameOf(f));
          // A subtree React bailed out of keeps the fibers of an earlier commit, with that commit's
          // flags: only children this commit reconciled (a child list other than the previous
          // tree's) are looked at, as React DevTools does.
          if (f.child && (!f.alternate || f.child !== f.alternate.child)) walk(f.child, component ? did : parentRendered);
          if (component) path.pop();
          current = saved;
        }
      };
      walk(root.current.child, false);
      r.commits.push({ at: Math.round(performance.now() - r.since), rendered, origins });
    },
  };
})();`;

const apps = await startApps();
const browser = await launchBrowser();
try {
  const app = process.env.RENDERS_APP === 'baseline' ? apps.baseline : apps.ours;
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  await context.addInitScript({ content: HOOK });
  const page = await context.newPage();
  const start = () => page.evaluate(() => ((window as unknown as { __renders: { since: number | null; commits: Commit[] } }).__renders = { since: performance.now(), commits: [] }));
  const report = async (title: string, ms: number) => {
    const commits = await page.evaluate(() => (window as unknown as { __renders: { commits: Commit[] } }).__renders.commits);
    console.log(`\n## ${title}: ${ms.toFixed(0)} ms to the rows; ${commits.length} commits, ${commits.reduce((a, c) => a + c.rendered, 0)} components rendered`);
    for (const c of commits.filter((c) => c.rendered >= MIN)) {
      console.log(`${String(c.at).padStart(6)} ms  ${String(c.rendered).padStart(4)} rendered`);
      for (const o of c.origins.filter((o) => o.size >= SUBTREE)) console.log(`            ${String(o.size).padStart(4)}  ${o.label}`);
    }
  };
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');

  await page.goto(app.url, { waitUntil: 'load' });
  await app.loginReady(page);
  await app.fillLogin(page);
  await page.waitForLoadState('networkidle');
  await start();
  let t0 = performance.now();
  await app.pressLogin(page);
  await rows.first().waitFor({ state: 'visible' });
  const login = performance.now() - t0;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await report('login → rows', login);

  await app.openFilter(page);
  await page.waitForTimeout(500);
  const before = (await rows.allInnerTexts()).join('\n');
  await start();
  t0 = performance.now();
  await app.pickFilter(page);
  await page.waitForFunction((prev) => {
    const now = [...document.querySelectorAll<HTMLElement>('.ant-table-tbody tr.ant-table-row')].map((r) => r.innerText).join('\n');
    return now !== prev && !document.querySelector('.ant-spin-nested-loading .ant-spin-spinning');
  }, before);
  const filter = performance.now() - t0;
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await report('filter → rows', filter);
  await context.close();
} finally {
  await browser.close();
  await apps.stop();
}
