import { describe, expect, it } from 'vitest';
import { evidenceText } from '../../src/i18n/evidence-text.js';

describe('evidence framing in zh-TW', () => {
  const event = { source: 'event', text: 'Warning FailedMount ×4 over 4s from kubelet (last seen 0s ago): MountVolume.SetUp failed for volume "config" : configmap "app-config" not found' };

  it('translates kdiag\'s frame around an event and keeps the quoted message as read', () => {
    expect(evidenceText(event, 'zh-TW')).toBe('Warning FailedMount（4 次，歷時 4s；來自 kubelet；最後一次 0s 前）：MountVolume.SetUp failed for volume "config" : configmap "app-config" not found');
    expect(evidenceText({ source: 'event', text: 'Normal Scheduled (last seen at an unknown time): Successfully assigned shop/api to node-1' }, 'zh-TW')).toBe('Normal Scheduled（最後一次 時間不明）：Successfully assigned shop/api to node-1');
    expect(evidenceText({ source: 'event', text: 'Warning BackOff ×3 from kubelet (last seen 4s ago): Back-off restarting failed container app' }, 'zh-TW')).toBe('Warning BackOff（3 次；來自 kubelet；最後一次 4s 前）：Back-off restarting failed container app');
  });

  it("translates the frame of a claim's event, and leaves the claim's fields alone", () => {
    const binding = { source: 'pvc', text: 'Normal FailedBinding from persistentvolume-controller (last seen 2s ago): no persistent volumes available for this claim and no storage class is set' };
    expect(evidenceText(binding, 'zh-TW')).toBe('Normal FailedBinding（來自 persistentvolume-controller；最後一次 2s 前）：no persistent volumes available for this claim and no storage class is set');
    // Near misses: the claim's own fields and kdiag's note about a missing claim are not event frames.
    for (const text of ['pvc/data.status.phase: Pending', 'persistentvolumeclaim/data status.phase: Pending', 'no PersistentVolumeClaim "data" in namespace shop']) expect(evidenceText({ source: 'pvc', text }, 'zh-TW')).toBe(text);
  });

  it('translates the log frame, single line and several', () => {
    expect(evidenceText({ source: 'log', text: 'previous log of app: panic: boom' }, 'zh-TW')).toBe('容器 app 的上一個執行個體日誌：panic: boom');
    expect(evidenceText({ source: 'log', text: 'log of app:\nline 1\nline 2' }, 'zh-TW')).toBe('容器 app 的日誌：\nline 1\nline 2');
  });

  it('translates the frame of a Node condition and its taints, and keeps the kubelet\'s message as read', () => {
    const notReady = { source: 'node', path: 'status.conditions[type=Ready]', text: 'node/kdiag-fake-node-1 Ready=Unknown (NodeStatusUnknown): "Kubelet stopped posting node status, since the lease expired.", since 73s ago, last heartbeat 2m6s ago' };
    expect(evidenceText(notReady, 'zh-TW')).toBe('node/kdiag-fake-node-1 Ready=Unknown（NodeStatusUnknown）："Kubelet stopped posting node status, since the lease expired."；73s 前開始；最後一次心跳在 2m6s 前');
    expect(evidenceText({ source: 'node', text: 'node/n1 MemoryPressure=True (KubeletHasInsufficientMemory): "kubelet has insufficient memory available", since 5m ago' }, 'zh-TW')).toBe('node/n1 MemoryPressure=True（KubeletHasInsufficientMemory）："kubelet has insufficient memory available"；5m 前開始');
    expect(evidenceText({ source: 'node', text: 'node/n1 Ready=False' }, 'zh-TW')).toBe('node/n1 Ready=False');
    expect(evidenceText({ source: 'node', path: 'spec.taints', text: 'node/n1 taints: node.kubernetes.io/unreachable:NoExecute, node.kubernetes.io/unreachable:NoSchedule' }, 'zh-TW')).toBe('node/n1 的 taint：node.kubernetes.io/unreachable:NoExecute, node.kubernetes.io/unreachable:NoSchedule');
    expect(evidenceText({ source: 'node', text: 'no Node named "n9" among the 3 node(s) in the snapshot' }, 'zh-TW')).toBe('快照的 3 個節點中沒有名為「n9」的 Node');
    // Near misses: node text in another shape stays whole.
    const other = { source: 'node', text: 'no Node named "n9" in the snapshot' };
    expect(evidenceText(other, 'zh-TW')).toBe(other.text);
    const oddMessage = { source: 'node', text: 'node/n1 Ready=False (KubeletNotReady): "unterminated, since 5m ago' };
    expect(evidenceText(oddMessage, 'zh-TW')).toBe(oddMessage.text);
  });

  it('leaves English, status fields and text it does not recognise alone', () => {
    expect(evidenceText(event, 'en')).toBe(event.text);
    const status = { source: 'pod', path: 'status.phase', text: 'status.phase: Pending' };
    expect(evidenceText(status, 'zh-TW')).toBe(status.text);
    // A message that merely looks like a frame inside is not rewritten: the frame must open the line.
    const odd = { source: 'event', text: 'something (last seen 5s ago): x' };
    expect(evidenceText(odd, 'zh-TW')).toBe(odd.text);
  });
});
