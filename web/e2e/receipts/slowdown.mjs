// A mid-range phone's CPU for the receipt reader's measurement. Chromium's
// own CPU throttling (CDP Emulation.setCPUThrottlingRate) slows a page's main
// thread only: the OCR runs in a dedicated worker, which it leaves at full
// speed ("Operation is only supported for pages, not workers"). So, where the
// kernel lets us (Linux, cgroup v1's cpu controller, as root), every thread of
// Chromium's renderer processes (the page's, the worker's, V8's compilers)
// gets a cgroup of its own with a CFS quota of 1/rate of a core: each runs at
// most 1/rate as fast, as on a phone with as many cores, each rate× slower.
// New threads are found every 10 ms. Elsewhere the caller falls back to CDP
// throttling and says the worker was not slowed.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';

const cpuRoot = '/sys/fs/cgroup/cpu';

/** Starts slowing Chromium's renderer threads rate× down; returns the function that stops, or null where it cannot. */
export function slowRenderers(rate) {
  const base = `${cpuRoot}/cashcontrol-receipts-${process.pid}`;
  try {
    if (!existsSync(`${cpuRoot}/cpu.cfs_quota_us`)) return null;
    mkdirSync(base);
  } catch {
    return null;
  }
  const period = 10_000;
  const slowed = new Set();
  const renderers = () =>
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer');
        } catch {
          return false; // gone meanwhile
        }
      });
  const tick = () => {
    for (const pid of renderers()) {
      let tids;
      try {
        tids = readdirSync(`/proc/${pid}/task`);
      } catch {
        continue; // gone meanwhile
      }
      for (const tid of tids.filter((t) => !slowed.has(t))) {
        const dir = `${base}/${tid}`;
        try {
          mkdirSync(dir, { recursive: true });
          writeFileSync(`${dir}/cpu.cfs_period_us`, String(period));
          writeFileSync(`${dir}/cpu.cfs_quota_us`, String(Math.round(period / rate)));
          writeFileSync(`${dir}/tasks`, tid);
          slowed.add(tid);
        } catch {
          // the thread ended meanwhile
        }
      }
    }
  };
  tick();
  const timer = setInterval(tick, 10);
  return () => {
    clearInterval(timer);
    for (const tid of slowed) {
      try {
        writeFileSync(`${cpuRoot}/tasks`, tid);
      } catch {
        // ended
      }
      try {
        rmdirSync(`${base}/${tid}`);
      } catch {
        // still has a thread that ended after: the kernel frees it with the thread
      }
    }
    try {
      rmdirSync(base);
    } catch {
      // as above
    }
    return slowed.size;
  };
}
