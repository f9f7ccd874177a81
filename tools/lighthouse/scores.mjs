// Prints one table row of Lighthouse scores: the median run (by performance
// score) of the JSON reports given, with its FCP, LCP and TBT.
import { readFileSync } from 'node:fs';

const [label, ...files] = process.argv.slice(2);
if (label === '--header') {
  console.log('| Page | Performance | Accessibility | Best practices | SEO |');
  console.log('|---|---|---|---|---|');
  process.exit(0);
}
const reports = files.map((f) => JSON.parse(readFileSync(f, 'utf8'))).sort((a, b) => a.categories.performance.score - b.categories.performance.score);
const r = reports[Math.floor(reports.length / 2)];
const c = r.categories;
const ms = (id) => r.audits[id].numericValue;
const s = (x) => (x / 1000).toFixed(1);
const perf = `${c.performance.score.toFixed(2)} (FCP ${s(ms('first-contentful-paint'))} s, LCP ${s(ms('largest-contentful-paint'))} s, TBT ${Math.round(ms('total-blocking-time'))} ms)`;
console.log(`| \`${label}\` | ${perf} | ${c.accessibility.score} | ${c['best-practices'].score} | ${c.seo.score} |`);
// What kept a score below 1, so that the table can be acted upon.
for (const [name, cat] of Object.entries(c)) {
  if (cat.score === 1 || name === 'performance') continue;
  const lost = cat.auditRefs.filter((a) => a.weight > 0 && r.audits[a.id].score !== null && r.audits[a.id].score < 1).map((a) => a.id);
  if (lost.length) console.log(`    ${name}: ${lost.join(', ')}`);
}
