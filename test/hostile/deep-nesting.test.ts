// An answer nested 100,000 levels deep (the JSON parser takes it; recursive walks did not): `capture` and
// `scan -A` ended in exit 70 "Maximum call stack size exceeded". Now one line and exit 3, naming the depth.
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { POD, answer, closeAll, isList, json, kindOf, list, serve } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

const DEPTH = 100_000;
const deepObject = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;
const deepArray = `${'['.repeat(DEPTH)}1${']'.repeat(DEPTH)}`;

/** The Pod `web` with `deep` (raw JSON) at `where` of it. */
function podWith(where: 'spec' | 'status' | 'annotation', deep: string): string {
  const pod = JSON.stringify(POD);
  if (where === 'spec') return pod.replace('"spec":{', `"spec":{"extra":${deep},`);
  if (where === 'status') return pod.replace('"status":{', `"status":{"extra":${deep},`);
  return pod.replace('"metadata":{', `"metadata":{"labels":${deep},`);
}

function cluster(pod: string): (req: http.IncomingMessage, res: http.ServerResponse) => void {
  return (req, res) => {
    const url = req.url ?? '';
    if (url.includes('/pods/web/log')) return json(res, 200, 'log line\n');
    if (url.startsWith('/api/v1/namespaces/shop/pods/web')) return json(res, 200, pod);
    if (isList(url) && kindOf(url) === 'Pod') return json(res, 200, `{"kind":"PodList","apiVersion":"v1","metadata":{"resourceVersion":"1"},"items":[${pod}]}`);
    if (isList(url)) return json(res, 200, list(kindOf(url)));
    answer(req, res);
  };
}

describe('an answer nested 100,000 levels deep', () => {
  const cases: Array<[string, string[], 'spec' | 'status' | 'annotation', string]> = [
    ['capture, an object in spec', ['capture', 'pod', 'web'], 'spec', deepObject],
    ['capture, arrays in status', ['capture', 'pod', 'web'], 'status', deepArray],
    ['scan -A, an object in spec', ['scan', '-A'], 'spec', deepObject],
    ['scan -A, labels', ['scan', '-A'], 'annotation', deepObject],
    ['pod, an object in spec', ['pod', 'web'], 'spec', deepObject],
    ['pod -o json, arrays in status', ['pod', 'web', '-o', 'json'], 'status', deepArray],
  ];
  for (const [name, args, where, deep] of cases) {
    it(`${name}: one line, exit 3`, async () => {
      const s = await serve(cluster(podWith(where, deep)));
      const r = await kdiagAsync(args, { env: { KUBECONFIG: s.kubeconfig } });
      expectOneLine(r, 3, /nested more than \d+ levels deep/);
      expect(r.stdout).toBe('');
    });
  }

  it('a near miss: 200 levels (deeper than any real object, within the bound) is read as before', async () => {
    const s = await serve(cluster(podWith('spec', `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`)));
    const r = await kdiagAsync(['capture', 'pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('name: web');
  });
});
