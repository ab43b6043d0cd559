// Free text in annotations is written by people, and people paste credentials into it. A capture bundle kept
// `db password=…`, `token: …`, `apiKey=…` as written. Now the credential patterns apply to every annotation
// value, and an annotation whose name ends in a secret word (`…/db-password`) has its value masked whole;
// ordinary annotations (revisions, change causes, ports, a Secret's name, prose about tokens) are kept.
import type http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { POD, answer, closeAll, isList, json, kindOf, list, serve } from './server.js';
import { kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

const PLANTED = {
  'example.com/notes': 'db password=Hunt3r-2-planted for the primary',
  'example.com/access': 'token: tok-planted-8c7d6e5f4a3b',
  'example.com/client': 'apiKey=ak-planted-0123456789',
  'example.com/db-password': 'plain-planted-value',
  'example.com/conn': 'postgres://app:pw-planted-77@db:5432/app',
};
const LEAKS = ['Hunt3r-2-planted', 'tok-planted-8c7d6e5f4a3b', 'ak-planted-0123456789', 'plain-planted-value', 'pw-planted-77'];
const ORDINARY = {
  'deployment.kubernetes.io/revision': '3',
  'kubernetes.io/change-cause': 'kubectl set image deployment/api api=registry.example/api:1.4.3',
  'prometheus.io/port': '9090',
  'cert-manager.io/issuer-secret-name': 'letsencrypt-account-key',
  'example.com/description': 'rotates the api token every day; see the runbook',
};

const annotated = { ...POD, metadata: { ...POD.metadata, annotations: { ...PLANTED, ...ORDINARY } } };

function cluster(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = req.url ?? '';
  if (url.includes('/pods/web/log')) return json(res, 200, 'started\n');
  if (url.startsWith('/api/v1/namespaces/shop/pods/web')) return json(res, 200, annotated);
  if (isList(url) && kindOf(url) === 'Pod') return json(res, 200, list('Pod', [annotated]));
  answer(req, res);
}

describe('secret-looking free text in annotations', () => {
  it('capture masks it in the bundle; ordinary annotations are kept as written', async () => {
    const s = await serve(cluster);
    const r = await kdiagAsync(['capture', 'pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    for (const leak of LEAKS) expect(r.stdout, leak).not.toContain(leak);
    expect(r.stdout).toContain('example.com/db-password');
    expect(r.stdout).toMatch(/db password=<redacted by kdiag> for the primary/);
    for (const [key, value] of Object.entries(ORDINARY)) {
      expect(r.stdout).toContain(key);
      expect(r.stdout).toContain(value);
    }
  });
});
