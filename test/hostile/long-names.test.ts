// A 1 MB nodeName was repeated ~66 times in JSON/YAML output (a 2 MB dump became 66 MB). Identifiers (names,
// namespaces, uids, node and container names, references) are clipped once, where objects are normalised,
// to 253 characters (Kubernetes' bound for names) with a visible marker: every output that repeats them stays small.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { at, conditions, containerStatus, event, node, pod } from '../harness/builders.js';
import { kdiagAsync } from '../support/cli.js';
import { tmp } from './server.js';

const HUGE = `node-${'x'.repeat(2 ** 20)}`;

const failing = pod({
  metadata: { name: 'api', namespace: 'shop' },
  spec: { nodeName: HUGE, containers: [{ name: 'app', image: 'registry.example/shop/api:1.4.3' }] },
  status: {
    phase: 'Pending',
    conditions: conditions({ scheduled: true, sandbox: true, initialized: true, ready: false }),
    containerStatuses: [containerStatus({ ready: false, state: { waiting: { reason: 'ImagePullBackOff', message: 'Back-off pulling image "registry.example/shop/api:1.4.3"' } } })],
  },
});
const file = join(tmp, 'long-node-name.json');
writeFileSync(
  file,
  JSON.stringify({
    apiVersion: 'v1',
    kind: 'List',
    items: [failing, node({ metadata: { name: HUGE } }), event(failing, { reason: 'Failed', type: 'Warning', message: 'Failed to pull image "registry.example/shop/api:1.4.3": not found', count: 4, last: at(-5) })],
  }),
);

describe('a 1 MB node name', () => {
  for (const format of ['json', 'yaml', 'text', 'markdown']) {
    it(`-o ${format}: clipped once with a marker, the output bounded`, async () => {
      const r = await kdiagAsync(['pod', 'api', '-n', 'shop', '-f', file, '-o', format, '--now', at(0)], { timeoutMs: 30_000 });
      expect(r.code, r.stderr.slice(0, 500)).toBe(1);
      expect(r.stdout.length).toBeLessThan(200_000); // the dump is 2 MB; before, the JSON report was ~66 MB
      expect(r.stdout).not.toContain('x'.repeat(300));
      if (format === 'json' || format === 'yaml') expect(r.stdout).toContain('[clipped by kdiag: 1048581 characters]');
    });
  }
});
