// A fleet of loopback API servers, one per kubeconfig context, each with its own Pods: what `scan` over
// several contexts reads in one process. Each server records when kdiag's read of it began and ended, so a
// test can count how many clusters were in flight at once as the servers saw them.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type http from 'node:http';
import { isList, json, kindOf, list, serve, tmp, type Served } from './server.js';

// Old enough that every verdict here is settled whenever the suite runs (no "progressing" Pod that ages out).
const OLD = '2024-01-01T00:00:00Z';

const NODE = { apiVersion: 'v1', kind: 'Node', metadata: { name: 'n1', uid: 'node-1', creationTimestamp: OLD }, status: { conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: OLD }] } };

/** Cluster `i`'s Pods: one healthy, and in every third cluster one in a crash loop (so verdicts differ by cluster). */
export function fleetPods(i: number): unknown[] {
  const meta = (name: string, uid: string) => ({ name, namespace: 'shop', uid, creationTimestamp: OLD });
  const healthy = {
    apiVersion: 'v1', kind: 'Pod', metadata: meta(`web-${i}`, `u-${i}-web`), spec: { nodeName: 'n1', containers: [{ name: 'app', image: 'web:1' }] },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }], containerStatuses: [{ name: 'app', ready: true, restartCount: 0, state: { running: { startedAt: OLD } } }] },
  };
  const crashing = {
    apiVersion: 'v1', kind: 'Pod', metadata: meta(`api-${i}`, `u-${i}-api`), spec: { nodeName: 'n1', containers: [{ name: 'app', image: 'api:1' }] },
    status: {
      phase: 'Running', conditions: [{ type: 'Ready', status: 'False' }],
      containerStatuses: [{ name: 'app', ready: false, restartCount: 7, state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off 5m0s restarting failed container=app' } }, lastState: { terminated: { exitCode: 1, reason: 'Error', startedAt: OLD, finishedAt: OLD } } }],
    },
  };
  return i % 3 === 0 ? [healthy, crashing] : [healthy];
}

export interface FleetServer extends Served {
  context: string;
  /** When this server saw kdiag's first request and answered its last (performance.now(), ms); undefined: never asked. */
  span: () => { from: number; to: number } | undefined;
}

/** How the cluster answers: its Pods and a Node (default), or a status for every request (403: forbidden). */
export type Behaviour = { pods: unknown[] } | { status: number };

/** Starts one server per behaviour; each answers after `delayMs` so reads of different clusters overlap in time. */
export async function startFleet(behaviours: readonly Behaviour[], delayMs = 5, prefix = 'fleet'): Promise<FleetServer[]> {
  return Promise.all(
    behaviours.map(async (b, i) => {
      let from: number | undefined;
      let to = 0;
      const handle = (req: http.IncomingMessage, res: http.ServerResponse): void => {
        from ??= performance.now();
        res.on('finish', () => (to = Math.max(to, performance.now())));
        setTimeout(() => {
          const url = req.url ?? '';
          if ('status' in b) json(res, b.status, { kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: b.status === 403 ? 'Forbidden' : 'InternalError', code: b.status, message: `pods is forbidden: User "u" cannot list resource "pods"` });
          else if (kindOf(url) === 'Pod' && isList(url)) json(res, 200, list('Pod', b.pods));
          else if (kindOf(url) === 'Node' && isList(url)) json(res, 200, list('Node', [NODE]));
          else json(res, 200, list(kindOf(url)));
        }, delayMs);
      };
      const served = await serve(handle);
      return { ...served, context: `${prefix}-${String(i).padStart(2, '0')}`, span: () => (from === undefined ? undefined : { from, to }) };
    }),
  );
}

/** A kubeconfig with one context per server (namespace shop), plus `extra` contexts pointing at the given URLs. */
export function fleetKubeconfig(servers: readonly FleetServer[], extra: Record<string, string> = {}): string {
  const entries = [...servers.map((s) => [s.context, s.url] as const), ...Object.entries(extra)];
  const clusters = entries.map(([name, url]) => `- name: ${name}\n  cluster: {server: "${url}"}\n`).join('');
  const contexts = entries.map(([name]) => `- name: ${name}\n  context: {cluster: ${name}, user: u, namespace: shop}\n`).join('');
  const file = join(tmp, `fleet-${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(file, `apiVersion: v1\nkind: Config\nclusters:\n${clusters}users:\n- name: u\n  user: {token: t}\ncontexts:\n${contexts}current-context: ${entries[0]?.[0] ?? ''}\n`);
  return file;
}

/** The most clusters whose reads overlapped in time, as the servers saw them (a sweep over [first request, last answer]). */
export function maxInFlight(servers: readonly FleetServer[]): number {
  const edges = servers.flatMap((s) => {
    const span = s.span();
    return span ? [{ t: span.from, d: 1 }, { t: span.to, d: -1 }] : [];
  });
  edges.sort((a, b) => a.t - b.t || a.d - b.d); // an end before a start at the same instant
  let now = 0;
  let max = 0;
  for (const e of edges) max = Math.max(max, (now += e.d));
  return max;
}
