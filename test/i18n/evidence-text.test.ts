import { describe, expect, it } from 'vitest';
import { evidenceText } from '../../src/i18n/evidence-text.js';

describe('evidence framing in zh-TW', () => {
  const event = { source: 'event', text: 'Warning FailedMount ×4 over 4s from kubelet (last seen 0s ago): MountVolume.SetUp failed for volume "config" : configmap "app-config" not found' };

  it('translates kdiag\'s frame around an event and keeps the quoted message as read', () => {
    expect(evidenceText(event, 'zh-TW')).toBe('Warning FailedMount（4 次，歷時 4s；來自 kubelet；最後一次 0s 前）：MountVolume.SetUp failed for volume "config" : configmap "app-config" not found');
    expect(evidenceText({ source: 'event', text: 'Normal Scheduled (last seen at an unknown time): Successfully assigned shop/api to node-1' }, 'zh-TW')).toBe('Normal Scheduled（最後一次 時間不明）：Successfully assigned shop/api to node-1');
    expect(evidenceText({ source: 'event', text: 'Warning BackOff ×3 from kubelet (last seen 4s ago): Back-off restarting failed container app' }, 'zh-TW')).toBe('Warning BackOff（3 次；來自 kubelet；最後一次 4s 前）：Back-off restarting failed container app');
  });

  it('translates the log frame, single line and several', () => {
    expect(evidenceText({ source: 'log', text: 'previous log of app: panic: boom' }, 'zh-TW')).toBe('容器 app 的上一個執行個體日誌：panic: boom');
    expect(evidenceText({ source: 'log', text: 'log of app:\nline 1\nline 2' }, 'zh-TW')).toBe('容器 app 的日誌：\nline 1\nline 2');
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
