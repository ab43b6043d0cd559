// Preloaded (node -r) into a kdiag run by test/support/cli.ts (kdiagAsync): at exit, writes the process's peak resident
// set size in KiB to the file named by KDIAG_TEST_PEAK_RSS_FILE. No optional tool (GNU time) is needed, so no
// memory bound can go unchecked. On Linux it is VmHWM from /proc/self/status, this program's own high-water mark:
// the kernel's ru_maxrss (process.resourceUsage().maxRSS) carries over an exec, so a child spawned by a large
// test worker could report the worker's size (seen on Node 24: 363 MiB for a one-Pod analyze). Elsewhere, maxRSS.
'use strict';
const file = process.env.KDIAG_TEST_PEAK_RSS_FILE;
if (file) {
  delete process.env.KDIAG_TEST_PEAK_RSS_FILE;
  process.on('exit', () => {
    const fs = require('node:fs');
    let kib;
    try {
      kib = Number(/^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'latin1'))?.[1]);
    } catch {}
    fs.writeFileSync(file, String(kib > 0 ? kib : process.resourceUsage().maxRSS));
  });
}
