// A list too large for the heap: 20,000 Pods diagnosed fine, but their YAML report (52 MiB as JSON, about
// four times that while the YAML library renders it) cannot fit a 128 MiB heap. One line and exit 2, not
// V8's abort (exit 134). JSON is written item by item, but into a pipe its chunks queue in memory: the
// same list as JSON (52 MiB on top of 90 MiB of diagnoses) is refused the same way.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expectInputError, kdiagAsync } from '../support/cli.js';
import { BIG_INPUT_TIMEOUT } from '../support/budgets.js';

const tmp = mkdtempSync(join(tmpdir(), 'kdiag-heap-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const pods = Array.from({ length: 20_000 }, (_, i) => ({
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: `app-${i}`, namespace: `ns-${i % 50}`, uid: `uid-${i}`, creationTimestamp: '2026-11-30T09:00:00Z', labels: { app: `a${i % 100}` } },
  spec: { nodeName: 'node-1', containers: [{ name: 'app', image: 'registry.local/app:v1' }] },
  status: {
    phase: 'Pending',
    conditions: [{ type: 'PodScheduled', status: 'True' }],
    containerStatuses: [{ name: 'app', image: 'registry.local/app:v1', ready: false, restartCount: 0, state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "registry.local/app:v1"' } } }],
  },
}));

describe('engine and report memory on huge lists', { timeout: BIG_INPUT_TIMEOUT }, () => {
  it('20,000 Pods under a 128 MiB heap: the report that would not fit (YAML, JSON) is one line naming it, exit 2, no abort', async () => {
    const file = join(tmp, 'pods.json');
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: pods }));
    const env = { NODE_OPTIONS: '--max-old-space-size=128' };
    expectInputError(await kdiagAsync(['analyze', file, '-o', 'json'], { env, timeoutMs: 60_000 }), 'the json report of 20000 diagnoses');
    const r = await kdiagAsync(['analyze', file, '-o', 'yaml'], { env, timeoutMs: 60_000 });
    expectInputError(r, 'the yaml report of 20000 diagnoses');
    expect(r.stderr).toMatch(/does not fit in memory: the heap would pass 109 MiB \(85% of Node's 128 MiB limit\)/);
    expect(r.stderr).toMatch(/^hint: .*--max-old-space-size/m);
  });
});
