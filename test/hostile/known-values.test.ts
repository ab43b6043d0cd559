// Values kdiag has read (a Pod's env, a ConfigMap's data, a dump's Secret data) are masked wherever free text
// repeats them — termination and condition messages, events, log lines — in every output: text, JSON, YAML,
// Markdown, and the gate's JUnit file and GitHub annotations. The app here echoes its configuration into its
// crash message and log, as real apps do.
import { readFileSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { at, conditions, containerStatus, event, node, obj, pod } from '../harness/builders.js';
import { unsafeAt } from '../hardening/hostile.js';
import { closeAll, isList, json, kindOf, list, serve, tmp } from './server.js';
import { kdiagAsync } from '../support/cli.js';

afterEach(closeAll);

const ENV_VALUE = 'env-value-5a4b3c2d';
const CM_VALUE = 'cm-value-9f8e7d6c';
const SECRET_VALUE = 'secret-from-dump-42';
const ECHO = `config: url=${ENV_VALUE} key ${CM_VALUE} pass ${SECRET_VALUE}`;
const LEAKS = [ENV_VALUE, CM_VALUE, SECRET_VALUE, Buffer.from(SECRET_VALUE).toString('base64')];

const crashing = pod({
  metadata: { name: 'api', namespace: 'shop' },
  spec: { containers: [{ name: 'app', image: '127.0.0.1:5000/shop/api:1.4.2', env: [{ name: 'DB_URL', value: ENV_VALUE }], envFrom: [{ configMapRef: { name: 'app-config' } }, { secretRef: { name: 'db' } }] }] },
  status: {
    phase: 'Running',
    conditions: conditions({ scheduled: true, sandbox: true, initialized: true, ready: false }),
    containerStatuses: [
      containerStatus({
        ready: false,
        restartCount: 6,
        state: { waiting: { reason: 'CrashLoopBackOff', message: `back-off 2m40s restarting failed container=app pod=api_shop(u) ${ECHO}` } },
        lastState: { terminated: { exitCode: 1, reason: 'Error', message: `fatal: cannot start: ${ECHO}`, startedAt: at(-40), finishedAt: at(-39) } },
      }),
    ],
  },
});
const configMap = obj('ConfigMap', 'app-config', { metadata: { namespace: 'shop' }, data: { SERVICE_KEY: CM_VALUE, MODE: 'production' } });
const secret = obj('Secret', 'db', { metadata: { namespace: 'shop' }, data: { password: Buffer.from(SECRET_VALUE).toString('base64') } });
const events = [
  event(crashing, { reason: 'BackOff', type: 'Warning', message: `Back-off restarting failed container app in pod api_shop(u) ${ECHO}`, count: 6, last: at(-5) }),
  event(crashing, { reason: 'Unhealthy', type: 'Warning', message: `Readiness probe failed: HTTP probe failed with statuscode: 500 ${ECHO}`, count: 3, last: at(-10) }),
];
const log = { apiVersion: 'kdiag/v1', kind: 'ContainerLog', metadata: { namespace: 'shop', name: 'api' }, container: 'app', text: `starting\npanic: cannot connect: ${ECHO}\n` };

function expectMasked(output: string, where: string): void {
  for (const leak of LEAKS) expect(output.includes(leak), `${leak} printed in ${where}:\n${output.slice(0, 3000)}`).toBe(false);
  expect(output, where).toContain('<redacted by kdiag>');
  expect(unsafeAt(output)).toBeUndefined();
}

describe('known values masked in free text', () => {
  it('from a dump: env, ConfigMap and Secret values in messages, events and logs, in text/json/yaml/markdown', async () => {
    const file = join(tmp, `known-${Date.now()}.json`);
    writeFileSync(file, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [crashing, configMap, secret, ...events, log] }));
    for (const format of ['text', 'wide', 'json', 'yaml', 'markdown']) {
      const r = await kdiagAsync(['pod', 'api', '-n', 'shop', '-f', file, '-o', format, '--verbose', '--now', at(0)]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toMatch(/crash|CrashLoop/i); // the diagnosis itself is intact
      expectMasked(r.stdout + r.stderr, format);
    }
    const scan = await kdiagAsync(['analyze', file, '-o', 'json', '--now', at(0)]);
    expectMasked(scan.stdout, 'analyze -o json');
    // A plain configuration word is not treated as a secret: messages that mention it stay readable.
    const word = await kdiagAsync(['pod', 'api', '-n', 'shop', '-f', file, '-o', 'json', '--now', at(0)]);
    expect(JSON.parse(word.stdout).findings[0].message).not.toContain('<redacted by kdiag>production');
  });

  it('live: a ConfigMap value the app echoes is masked in the gate report, its JUnit file and GitHub annotations', async () => {
    const live = { ...crashing, metadata: { ...crashing.metadata, uid: 'u-api' } };
    const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
      const url = req.url ?? '';
      if (url.includes('watch=1')) return; // watches stay open until the gate ends
      const kind = kindOf(url);
      if (url.startsWith('/api/v1/namespaces/shop/pods/api/log')) {
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return void res.end(`panic: cannot connect: ${ECHO}\n`);
      }
      if (url.startsWith('/api/v1/namespaces/shop/pods/api')) return json(res, 200, live);
      if (kind === 'Pod' && isList(url)) return json(res, 200, list('Pod', [live]));
      if (kind === 'Event' && isList(url)) return json(res, 200, list('Event', events));
      if (kind === 'ConfigMap' && isList(url)) return json(res, 200, list('ConfigMap', [configMap]));
      if (kind === 'Node') return isList(url) ? json(res, 200, list('Node', [node()])) : json(res, 200, node());
      if (url.startsWith('/api/v1/namespaces/shop/configmaps/app-config')) return json(res, 200, configMap);
      json(res, 200, list(kind));
    };
    const s = await serve(handle);
    const junit = join(tmp, `known-${Date.now()}.xml`);
    const gate = await kdiagAsync(['gate', 'pod/api', '--timeout', '5s', '--junit', junit], { env: { KUBECONFIG: s.kubeconfig, GITHUB_ACTIONS: 'true' } });
    expect(gate.code, gate.stderr).toBe(1);
    expect(gate.stdout + gate.stderr).toMatch(/::error/); // the GitHub annotations were written
    // Live, kdiag knows the env values, and a ConfigMap's data once it has read it (never a Secret's data).
    const knownLive = (): string[] => [ENV_VALUE, ...(s.paths.some((p) => p.includes('/configmaps')) ? [CM_VALUE] : [])];
    const expectLiveMasked = (output: string, where: string): void => {
      for (const leak of knownLive()) expect(output.includes(leak), `${leak} printed in ${where}:\n${output.slice(0, 3000)}`).toBe(false);
      expect(output, where).toMatch(/(?:<|&lt;)redacted by kdiag(?:>|&gt;)/); // JUnit escapes the marker
      expect(unsafeAt(output)).toBeUndefined();
    };
    expectLiveMasked(gate.stdout + gate.stderr, 'gate stdout/stderr (GitHub annotations)');
    expectLiveMasked(readFileSync(junit, 'utf8'), 'JUnit');
    for (const format of ['text', 'json', 'yaml', 'markdown']) {
      s.paths.length = 0;
      const r = await kdiagAsync(['pod', 'api', '-o', format], { env: { KUBECONFIG: s.kubeconfig } });
      expect(r.code, r.stderr).toBe(1);
      expectLiveMasked(r.stdout + r.stderr, `live pod -o ${format}`);
    }
    expect(knownLive()).toContain(CM_VALUE); // pod NAME reads the ConfigMaps its Pod uses: their values are masked
  });

  it('live scan (Events read before the Pods, Pods diagnosed page by page): the env value is masked in the Pod\'s messages and Events', async () => {
    const live = { ...crashing, metadata: { ...crashing.metadata, uid: 'u-api' } };
    const s = await serve((req, res) => {
      const url = req.url ?? '';
      const kind = kindOf(url);
      if (kind === 'Pod' && isList(url)) return json(res, 200, list('Pod', [live]));
      // The value bare (no `key=` before it, which the credential patterns would catch): only the known values mask it.
      if (kind === 'Event' && isList(url)) return json(res, 200, list('Event', [event(live, { reason: 'BackOff', type: 'Warning', message: `Back-off restarting failed container app: dial ${ENV_VALUE} refused`, count: 6, last: at(-5) })]));
      if (kind === 'Node' && isList(url)) return json(res, 200, list('Node', [node()]));
      json(res, 200, list(kind));
    });
    for (const format of ['json', 'text']) {
      const r = await kdiagAsync(['scan', '-o', format, '-A'], { env: { KUBECONFIG: s.kubeconfig } });
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout + r.stderr, format).not.toContain(ENV_VALUE);
      if (format === 'json') {
        expect(r.stdout).toContain('<redacted by kdiag>');
        expect(JSON.parse(r.stdout).items[0].findings[0].rule).toBe('container/crash-loop');
      }
    }
  });
});
