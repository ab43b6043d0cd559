// Several dumps of one cluster taken at different times hold the same Node: its freshest status stands for
// it, so a Ready Pod is not judged against a heartbeat from an older capture (which would read as a node that
// stopped reporting). Near miss: a Node whose only copy is stale still is.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, node, T0 } from '../harness/builders.js';
import { runningPod } from '../rules/container/crashing.js';

/** The builder's Node with every heartbeat `seconds` before T0. */
const nodeBeating = (seconds: number): Record<string, unknown> => {
  const n = structuredClone(node()) as { status: { conditions: Array<Record<string, string>> } };
  for (const c of n.status.conditions) c.lastHeartbeatTime = at(-seconds);
  return n;
};
const verdict = (objects: Array<Record<string, unknown>>) => new Engine(snapshotFromObjects(objects), { now: T0 }).diagnosePod(snapshotFromObjects(objects).pods[0]!);

describe('the same Node in several dumps', () => {
  it('the freshest copy stands, whichever dump was read last: a Ready Pod stays healthy', () => {
    for (const nodes of [[nodeBeating(5), nodeBeating(3 * 86400)], [nodeBeating(3 * 86400), nodeBeating(5)]]) {
      const d = verdict([runningPod(), ...nodes]);
      expect(d.status).toBe('healthy');
      expect(d.findings.map((f) => f.rule)).not.toContain('kubelet/node-status-stale');
    }
  });

  it('near miss: a Node whose only copy is days old is still a node that stopped reporting', () => {
    const d = verdict([runningPod(), nodeBeating(3 * 86400)]);
    expect(d.findings.map((f) => f.rule)).toContain('kubelet/node-status-stale');
  });
});
