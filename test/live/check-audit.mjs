// Reads the API server's audit log after the live tests: every request kdiag made (user agent "kdiag",
// or the least-privilege identity, which only kdiag uses) must be a read (get, list, watch).
import { readFileSync } from 'node:fs';

const file = process.argv[2];
const since = process.argv[3] ? Date.parse(process.argv[3]) : 0;
let kdiag = 0;
const writes = [];
for (const line of readFileSync(file, 'utf8').split('\n')) {
  if (!line) continue;
  let e;
  try {
    e = JSON.parse(line);
  } catch {
    continue;
  }
  if (e.stage !== 'ResponseComplete' && e.stage !== 'ResponseStarted') continue;
  if (since && Date.parse(e.requestReceivedTimestamp) < since) continue;
  const fromKdiag = (e.userAgent ?? '').startsWith('kdiag') || e.user?.username === 'kdiag-limited';
  if (!fromKdiag) continue;
  kdiag++;
  if (!['get', 'list', 'watch'].includes(e.verb)) writes.push(`${e.verb} ${e.requestURI} (${e.user?.username})`);
}
console.log(`audit: ${kdiag} requests from kdiag, ${writes.length} non-read`);
if (kdiag === 0) {
  console.error('audit: no kdiag request found in the audit log: the check saw nothing');
  process.exit(1);
}
if (writes.length > 0) {
  console.error(`audit: kdiag issued non-read requests:\n${writes.join('\n')}`);
  process.exit(1);
}
