// What npm run test:cluster hands the live tests (see test/cluster/run-tests.sh).
import { spawnSync } from 'node:child_process';
import { kdiag, kdiagAsync, type Run } from '../support/cli.js';

export const ADMIN = process.env.KDIAG_ADMIN_KUBECONFIG ?? '';
export const LIMITED = process.env.KDIAG_LIMITED_KUBECONFIG ?? '';
export const KUBECTL = process.env.KDIAG_KUBECTL ?? 'kubectl';
export const CAPTURED = process.env.KDIAG_CAPTURED_DIR ?? '';
export const LIVE_DIR = process.env.KDIAG_LIVE_DIR ?? '';
export const AUDIT_LOG = process.env.KDIAG_AUDIT_LOG ?? '';

if (!ADMIN) throw new Error('run these through npm run test:cluster (KDIAG_ADMIN_KUBECONFIG is not set)');

/** kdiag against the live cluster as the admin (or another kubeconfig). */
export function live(args: string[], kubeconfig = ADMIN, env: Record<string, string> = {}): Run {
  return kdiag(args, { env: { KUBECONFIG: kubeconfig, ...env }, timeoutMs: 300_000 });
}

/**
 * Like `live`, without blocking the test worker: for commands that wait (gate, --watch). A worker blocked in
 * spawnSync for a minute cannot answer vitest's RPC and the run reports "Timeout calling onTaskUpdate".
 */
export function liveAsync(args: string[], kubeconfig = ADMIN, env: Record<string, string> = {}): Promise<Run> {
  return kdiagAsync(args, { env: { KUBECONFIG: kubeconfig, ...env }, timeoutMs: 300_000 });
}

/** kubectl as the admin: only the tests' own setup writes to the cluster, never kdiag. */
export function kubectl(args: string[], input?: string): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(KUBECTL, args, { env: { ...process.env, KUBECONFIG: ADMIN }, encoding: 'utf8', input });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/**
 * Polls `check` every 500 ms until it returns true; throws, naming `what`, when `ms` pass first. A setup wait
 * that gives up quietly lets a test run against a state the cluster never reached and fail on kdiag instead.
 */
export async function waitFor(what: string, check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  if (!check()) throw new Error(`the cluster did not reach this state in ${ms / 1000} s: ${what}`);
}

/** Creates the namespace afresh, first waiting out a deletion left by an earlier run (Terminating). */
export function freshNamespace(ns: string): void {
  kubectl(['delete', 'namespace', ns, '--ignore-not-found', '--wait=true', '--timeout=180s']);
  const r = kubectl(['create', 'namespace', ns]);
  if (r.code !== 0) throw new Error(`cannot create namespace ${ns}: ${r.stderr}`);
}
