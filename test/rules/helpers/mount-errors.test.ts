import { describe, expect, it } from 'vitest';
import type { EventFact } from '../../../src/model/events.js';
import { classifyMountError, parseAttachFailure, parseMountFailure, parseMountTimeout } from '../../../src/rules/helpers/mount-errors.js';

const ev = (reason: string, message: string): EventFact => ({ reason, message, type: 'Warning', count: 1, source: 'kubelet', involved: { kind: 'Pod', namespace: 'shop', name: 'p' } });

// Texts from k8s-messages.md §7.
describe('parseMountFailure', () => {
  it('reads operation, volume and error (space before the colon)', () => {
    expect(parseMountFailure(ev('FailedMount', 'MountVolume.SetUp failed for volume "config" : configmap "app-cfg" not found'))).toMatchObject({ operation: 'MountVolume.SetUp', volume: 'config', kind: 'missing-configmap', subject: 'app-cfg' });
    expect(parseMountFailure(ev('FailedMount', 'MountVolume.NewMounter initialization failed for volume "pvc-1" : path "/mnt/x" does not exist'))).toMatchObject({ operation: 'MountVolume.NewMounter initialization', volume: 'pvc-1', kind: 'other' });
  });
  it('ignores other shapes', () => {
    expect(parseMountFailure(ev('FailedMount', 'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[], failed to process volumes=[]: context deadline exceeded'))).toBeUndefined();
  });
});

describe('classifyMountError', () => {
  it.each([
    ['secret "db" not found', 'missing-secret', 'db'],
    ['configmap references non-existent config key: app.yaml', 'missing-configmap-key', 'app.yaml'],
    ['secret references non-existent secret key: tls.key', 'missing-secret-key', 'tls.key'],
    ['object "shop"/"kube-root-ca.crt" not registered', 'not-registered', 'shop/kube-root-ca.crt'],
    ['failed to sync configmap cache: timed out waiting for the condition', 'cache-sync', 'configmap'],
    ['hostPath type check failed: /data is not a directory', 'hostpath-type', '/data'],
    ["hostPath type check failed: /var/run/docker.sock is not a socket file, it's a File", 'hostpath-type', '/var/run/docker.sock'],
    ["hostPath /srv/missing doesn't exist", 'hostpath-type', '/srv/missing'],
    ['kubernetes.io/csi: attacher.MountDevice failed to create newCsiDriverClient: driver name ebs.csi.aws.com not found in the list of registered CSI drivers', 'csi-driver-missing', 'ebs.csi.aws.com'],
  ])('%s', (text, kind, subject) => {
    expect(classifyMountError(text)).toMatchObject({ kind, subject });
  });
  it('hostPath details', () => {
    expect(classifyMountError('hostPath type check failed: /dev/fuse is not a character device').detail).toBe('character device');
    expect(classifyMountError("hostPath /srv/missing doesn't exist").detail).toBe('missing');
  });
  it('mount(8) exit status with its Output line', () => {
    const text = 'mount failed: exit status 32\nMounting command: mount\nMounting arguments: -t nfs 10.0.0.5:/exports/shop /var/lib/kubelet/pods/x/volumes/kubernetes.io~nfs/pv-nfs\nOutput: mount.nfs: Connection timed out';
    expect(classifyMountError(text)).toEqual({ kind: 'mount-command', detail: '32', output: 'mount.nfs: Connection timed out' });
  });
  it('CSI rpc errors', () => {
    expect(classifyMountError('rpc error: code = Internal desc = could not format "/dev/xvdba"')).toEqual({ kind: 'rpc', output: 'Internal' });
  });
});

describe('parseMountTimeout', () => {
  it('1.29+ wording', () => {
    expect(parseMountTimeout(ev('FailedMount', 'Unable to attach or mount volumes: unmounted volumes=[data config], unattached volumes=[data], failed to process volumes=[]: context deadline exceeded'))).toMatchObject({
      unmounted: ['data', 'config'],
      unattached: ['data'],
      failedToProcess: [],
      cause: 'context deadline exceeded',
    });
  });
  it('≤1.27 wording', () => {
    expect(parseMountTimeout(ev('FailedMount', 'Unable to attach or mount volumes: unmounted volumes=[data], unattached volumes=[data kube-api-access-9xk2p]: timed out waiting for the condition'))).toMatchObject({ unmounted: ['data'], cause: 'timed out waiting for the condition' });
  });
  it('needs the FailedMount reason', () => {
    expect(parseMountTimeout(ev('FailedAttachVolume', 'Unable to attach or mount volumes: unmounted volumes=[data]'))).toBeUndefined();
  });
});

describe('parseAttachFailure', () => {
  it('multi-attach, both wordings', () => {
    expect(parseAttachFailure(ev('FailedAttachVolume', `Multi-Attach error for volume "pvc-0a1b" Volume is already exclusively attached to one node and can't be attached to another`))).toMatchObject({ kind: 'multi-attach', volume: 'pvc-0a1b' });
    expect(parseAttachFailure(ev('FailedAttachVolume', 'Multi-Attach error for volume "pvc-0a1b" Volume is already used by pod(s) api-old-1, api-old-2 and 1 pod(s) in different namespaces'))).toMatchObject({ usedBy: ['api-old-1', 'api-old-2'] });
  });
  it('attach failures', () => {
    expect(parseAttachFailure(ev('FailedAttachVolume', 'AttachVolume.Attach failed for volume "pvc-0a1b" : timed out waiting for external-attacher of ebs.csi.aws.com CSI driver to attach volume vol-0123'))).toMatchObject({ kind: 'attach', driver: 'ebs.csi.aws.com' });
    expect(parseAttachFailure(ev('FailedAttachVolume', 'AttachVolume.Attach failed for volume "pvc-0a1b" : rpc error: code = NotFound desc = disk not found'))).toMatchObject({ code: 'NotFound' });
  });
});
