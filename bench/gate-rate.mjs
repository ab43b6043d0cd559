// The gate's request rate while it waits on a rollout that does not change, on the real local test
// cluster: requests counted from `kdiag gate -v` (it prints every request it makes), split into the
// initial read + watches and what follows. Skipped without the cluster.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const KUBECONFIG = process.env.KDIAG_ADMIN_KUBECONFIG ?? '/var/lib/kdiag-cluster/kubeconfig/admin.kubeconfig';
const NS = 'kdiag-bench-gate';
const WAIT_S = 30;

export async function benchGateRate({ BIN, kubectl, row }) {
  if (!kubectl || !existsSync(KUBECONFIG)) return console.log('gate request rate: skipped (no test cluster)');
  const env = { ...process.env, KUBECONFIG };
  const k = (args, input) => spawnSync(kubectl, args, { env, input, encoding: 'utf8' });
  k(['delete', 'namespace', NS, '--ignore-not-found', '--wait=true', '--timeout=120s']);
  k(['create', 'namespace', NS]);
  // A rollout that waits and never changes: its Pod sits in an init container that sleeps.
  const pod = { terminationGracePeriodSeconds: 1, initContainers: [{ name: 'wait', image: '127.0.0.1:5000/busybox:1', command: ['sleep', '3600'] }], containers: [{ name: 'app', image: '127.0.0.1:5000/busybox:1', command: ['sleep', '3600'] }] };
  k(['apply', '-n', NS, '-f', '-'], JSON.stringify({ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'idle' }, spec: { replicas: 1, selector: { matchLabels: { app: 'idle' } }, template: { metadata: { labels: { app: 'idle' } }, spec: pod } } }));
  k(['wait', '-n', NS, '--for=jsonpath={.status.initContainerStatuses[0].state.running}', 'pod', '-l', 'app=idle', '--timeout=60s']);
  const r = spawnSync(process.execPath, [BIN, 'gate', 'deploy/idle', '-n', NS, '--timeout', `${WAIT_S}s`, '-v'], { env: { ...env, NO_COLOR: '1' }, encoding: 'utf8' });
  k(['delete', 'namespace', NS, '--wait=false']);
  const lines = r.stderr.split('\n');
  const requests = lines.filter((l) => l.startsWith('kdiag: GET'));
  // The first read is every line before the first watch; the watches open right after it.
  const firstWatch = requests.findIndex((l) => l.includes('[watch]'));
  const first = firstWatch < 0 ? requests.length : firstWatch;
  const watches = requests.slice(first).filter((l) => l.includes('[watch]')).length;
  const later = requests.length - first - watches;
  row(`gate: requests per minute while waiting (${WAIT_S} s, unchanging rollout)`, (later * 60) / WAIT_S, undefined, 'req/min', 'near zero', `${requests.length} in all: ${first} for the first read, ${watches} watches opened, ${later} after; exit ${r.status}`);
}
