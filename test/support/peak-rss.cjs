// Preloaded (node -r) into a kdiag run by test/support/cli.ts (kdiagAsync): at exit, writes the process's peak resident
// set size in KiB (process.resourceUsage().maxRSS, the kernel's own high-water mark) to the file named by
// KDIAG_TEST_PEAK_RSS_FILE. No optional tool (GNU time) is needed, so no memory bound can go unchecked.
'use strict';
const file = process.env.KDIAG_TEST_PEAK_RSS_FILE;
if (file) {
  delete process.env.KDIAG_TEST_PEAK_RSS_FILE;
  process.on('exit', () => {
    require('node:fs').writeFileSync(file, String(process.resourceUsage().maxRSS));
  });
}
