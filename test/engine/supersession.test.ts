// Supersession in one place (src/model/supersession.ts): a failing signal stops counting when a later one
// shows its step succeeded: a later event, a newer condition, a container that started. Each row is a
// failure then its success; each near miss keeps the failure current.
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { SnapshotIndex } from '../../src/model/facts.js';
import { currentEvents, isSuperseded } from '../../src/model/supersession.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, conditions, containerStatus, event, node, obj, pod, T0 } from '../harness/builders.js';

type Obj = Record<string, any>;
const VOLUMES = { volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data' } }] };
const creating = (statusPatch: Obj = {}) => pod({ spec: VOLUMES, status: { phase: 'Pending', conditions: conditions({ sandbox: false }), containerStatuses: [containerStatus()], ...statusPatch } });
const pvc = obj('PersistentVolumeClaim', 'data', { spec: { volumeName: 'pvc-0a1b' }, status: { phase: 'Bound' } });
// attachdetach-controller (k8s-messages.md §7.2): the CSI external-attacher timing out, then the attach succeeding.
const attachTimeout = (p: Obj, last: number) => event(p, { reason: 'FailedAttachVolume', source: 'attachdetach-controller', message: 'AttachVolume.Attach failed for volume "pvc-0a1b" : timed out waiting for external-attacher of ebs.csi.aws.com CSI driver to attach volume vol-0abc', first: at(-300), last: at(last) });
const attached = (p: Obj, last: number, volume = 'pvc-0a1b') => event(p, { reason: 'SuccessfulAttachVolume', type: 'Normal', source: 'attachdetach-controller', message: `AttachVolume.Attach succeeded for volume "${volume}" `, last: at(last) });
// kubelet operation_executor (§7.1).
const mountFailed = (p: Obj, last: number) => event(p, { reason: 'FailedMount', source: 'kubelet', message: 'MountVolume.MountDevice failed for volume "pvc-0a1b" : rpc error: code = Internal desc = format of disk "/dev/nvme1n1" failed', first: at(-300), last: at(last) });
const sandboxFailed = (p: Obj, last: number) => event(p, { reason: 'FailedCreatePodSandBox', source: 'kubelet', message: 'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "4f1c": plugin type="bridge" name="k8s-pod-network" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.0.2-10.244.0.254', first: at(-300), last: at(last) });

function facts(objects: Obj[]) {
  const s = snapshotFromObjects(objects);
  return new SnapshotIndex(s).podFacts(s.pods[0]!);
}
const withEvent = (p: Obj, make: (p: Obj) => Obj): Obj[] => [p, make(p)];
const superseded = (objects: Obj[], reason: string) => {
  const f = facts(objects);
  const failing = f.events.filter((e) => e.reason === reason);
  expect(failing.length, `the ${reason} event belongs to the Pod`).toBeGreaterThan(0);
  return failing.every((e) => isSuperseded(f, e));
};

describe('what supersedes a failing signal', () => {
  const p = creating();
  const rows: Array<[string, Obj[], string, boolean]> = [
    ['an attach timeout, then a successful attach of the same volume 2 s before the capture', [p, pvc, attachTimeout(p, -40), attached(p, -2)], 'FailedAttachVolume', true],
    ['near miss: the successful attach is of another volume', [p, pvc, attachTimeout(p, -40), attached(p, -2, 'pvc-9999')], 'FailedAttachVolume', false],
    ['near miss: the attach failed again after the success', [p, pvc, attached(p, -40), attachTimeout(p, -2)], 'FailedAttachVolume', false],
    ['a mount failure, then PodReadyToStartContainers=True (the sandbox, so the volumes, came after)', withEvent(creating({ conditions: conditions({ sandbox: true, since: at(-5) }) }), (q) => mountFailed(q, -60)), 'FailedMount', true],
    ['a mount failure, then a container started', withEvent(creating({ containerStatuses: [containerStatus({ running: { startedAt: at(-5) } })] }), (q) => mountFailed(q, -60)), 'FailedMount', true],
    ['near miss: a mount failure still recurring after the container started (a configmap volume resync)', withEvent(creating({ containerStatuses: [containerStatus({ running: { startedAt: at(-600) } })] }), (q) => mountFailed(q, -5)), 'FailedMount', false],
    ['near miss: a mount failure, the sandbox not yet ready', withEvent(creating(), (q) => mountFailed(q, -5)), 'FailedMount', false],
    ['a sandbox failure, then the image is pulled (only a sandbox allows it)', [p, sandboxFailed(p, -60), event(p, { reason: 'Pulling', type: 'Normal', source: 'kubelet', message: 'Pulling image "x"', last: at(-3) })], 'FailedCreatePodSandBox', true],
    ['near miss: a sandbox failure and nothing after it', [p, sandboxFailed(p, -3)], 'FailedCreatePodSandBox', false],
    ['a FailedScheduling, then Scheduled', [p, event(p, { reason: 'FailedScheduling', source: 'default-scheduler', message: '0/3 nodes are available: 3 Insufficient cpu.', last: at(-60) }), event(p, { reason: 'Scheduled', type: 'Normal', source: 'default-scheduler', message: 'Successfully assigned shop/api to node-1', last: at(-30) })], 'FailedScheduling', true],
  ];
  for (const [name, objects, reason, want] of rows) it(name, () => expect(superseded(objects, reason)).toBe(want));

  it('events no step owns are never superseded (a BackOff, a Killing)', () => {
    const q = creating({ conditions: conditions({ sandbox: true, since: at(-1) }) });
    const f = facts([q, event(q, { reason: 'BackOff', source: 'kubelet', message: 'Back-off restarting failed container app', last: at(-30) })]);
    expect(currentEvents(f).map((e) => e.reason)).toEqual(['BackOff']);
  });
});

describe('through the engine: a resolved failure is not the verdict', () => {
  it('an attach timeout followed by a successful attach seconds before the capture is not failing at attach', () => {
    const p = creating();
    const s = snapshotFromObjects([p, pvc, node(), attachTimeout(p, -40), attached(p, -2)]);
    const d = new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!);
    expect(d.findings.map((f) => f.rule)).not.toContain('volume/attach-failed');
    expect(d.status).not.toBe('failing');
  });
  it('near miss: the same timeout with no success after it is volume/attach-failed', () => {
    const p = creating();
    const s = snapshotFromObjects([p, pvc, node(), attachTimeout(p, -2)]);
    expect(new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!).findings[0]?.rule).toBe('volume/attach-failed');
  });
});
