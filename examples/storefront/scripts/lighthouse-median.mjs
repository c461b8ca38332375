// Lighthouse (mobile preset, the default config, performance category only) in Debian's
// chromium, median of several runs: shared by bench-web.mjs and bench-account.mjs.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../../scripts/chromium.mjs';

/** Starts a headless chromium Lighthouse can drive on `debugPort`; returns it (kill its group). */
export function startChrome(debugPort, profileDir) {
  return spawn(
    CHROMIUM_PATH,
    [
      '--headless=new',
      `--remote-debugging-port=${debugPort}`,
      ...CHROMIUM_ARGS,
      `--user-data-dir=${join(profileDir, 'chrome')}`,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  );
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * The median performance score, LCP, CLS, TBT and FCP of `runs` Lighthouse runs of `url`.
 * `extraHeaders` go with every request of the page (a member's session cookie, say).
 */
export async function lighthouseMedian(url, { port, runs, extraHeaders }) {
  const results = [];
  for (let i = 0; i < runs; i++) {
    const { lhr } = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(extraHeaders ? { extraHeaders } : {}),
    });
    results.push({
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
      cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
      tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
      fcpMs: Math.round(lhr.audits['first-contentful-paint'].numericValue),
    });
  }
  return {
    runs,
    preset: 'mobile',
    performance: median(results.map((r) => r.score)),
    lcpMs: median(results.map((r) => r.lcpMs)),
    cls: median(results.map((r) => r.cls)),
    tbtMs: median(results.map((r) => r.tbtMs)),
    fcpMs: median(results.map((r) => r.fcpMs)),
  };
}
