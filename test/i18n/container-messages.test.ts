// What the phrase matching used to get wrong for the container rules, now that they word typed values:
// quoted cluster text stays whole and apart from kdiag's own words, in zh-TW and in English.
import { describe, expect, it } from 'vitest';
import { zhTWRules } from '../../src/i18n/rule-messages/zh-TW.js';
import { enRules } from '../../src/rules/messages/en.js';
import type { ProbePortMismatch } from '../../src/rules/messages/readiness.js';

const app = { kind: 'app', name: 'app' } as const;
const probe = { handler: 'httpGet http://:8080/healthz', timing: { initialDelaySeconds: 0, periodSeconds: 10, timeoutSeconds: 1, failureThreshold: 3 } };

describe('container rule messages in zh-TW', () => {
  it('a probe missing from the spec is named once: "liveness probe (not in the spec)", never "probe probe"', () => {
    const en = enRules.probeKill.message({ container: app, type: 'liveness', probe: { absent: true }, state: { kind: 'killed', restarts: '' } });
    expect(en).toContain('liveness probe (not in the spec)');
    expect(en).not.toMatch(/probe probe/);
    // Near miss: a probe in the spec is described by its handler.
    expect(enRules.probeKill.message({ container: app, type: 'liveness', probe, state: { kind: 'killed', restarts: '' } })).toContain('liveness probe httpGet http://:8080/healthz');
    expect(zhTWRules.probeKill.message({ container: app, type: 'liveness', probe: { absent: true }, state: { kind: 'killed', restarts: '' } })).toContain('（不在 spec 中）');
  });

  it('create-container-error: the age follows the quoted runtime message, outside it', () => {
    const detail = 'failed to create containerd container: no space left on device';
    expect(zhTWRules.createContainerError.message({ node: 'node-1', container: app, reserved: false, detail, reason: 'CreateContainerError', age: '5m' })).toBe(`節點 node-1 上的 Runtime 無法建立容器「app」：「${detail}」，已持續 5m。`);
    // Near miss: no start time known, no age; no message, the reason stands unquoted.
    expect(zhTWRules.createContainerError.message({ node: '', container: app, reserved: false, detail: '', reason: 'CreateContainerError' })).toBe('節點（未知）上的 Runtime 無法建立容器「app」：CreateContainerError。');
    expect(enRules.createContainerError.message({ node: 'node-1', container: app, reserved: false, detail, reason: 'CreateContainerError', age: '5m' })).toBe(`The runtime on node node-1 cannot create container "app": ${detail} for 5m.`);
  });

  it('init-failed: a termination message with quotes in it is quoted whole, right after the name', () => {
    const message = 'psql: error: connection to server at "db" (10.96.0.12), port 5432 failed';
    const zh = zhTWRules.initFailed.message({ container: { kind: 'init', name: 'migrate' }, exit: { recorded: true, reason: 'Error', code: 2, hasMessage: true }, message, restarts: '', consequence: 'apps-waiting' });
    expect(zh).toBe(`init 容器「migrate」以結束代碼 2 結束，訊息為「${message}」；在它成功之前，應用程式容器會停在 PodInitializing。`);
    expect(zhTWRules.initFailed.message({ container: { kind: 'init', name: 'migrate' }, exit: { recorded: true, code: 1, hasMessage: false }, message: '', restarts: '', consequence: 'apps-blocked' })).toMatch(/應用程式容器無法啟動。$/);
  });

  it("hook-failed: kdiag's own sentence about an unrecorded error is Chinese, the kubelet's text is quoted", () => {
    expect(zhTWRules.hookFailed.postStart({ container: app, hook: { kind: 'unrecorded' }, restarts: '' })).toBe('容器「app」的 postStart hook 失敗，所以 kubelet 終止了容器：hook 的錯誤只記錄在 kubelet 的日誌中（事件只寫著「PostStartHook failed」）。');
    expect(zhTWRules.hookFailed.postStart({ container: app, hook: { kind: 'parsed', handler: 'HTTP', target: '/warmup', error: 'connect: connection refused' }, restarts: '已重新啟動 2 次' })).toBe(
      '容器「app」的 postStart hook 失敗，所以 kubelet 終止了容器：HTTP hook（/warmup）失敗：「connect: connection refused」；已重新啟動 2 次。',
    );
  });

  it('probe kills: the port hint closes the sentence in both languages, and only when there is one', () => {
    const p = { container: app, type: 'startup', probe, state: { kind: 'failing', threshold: 6 } } as const;
    const hint: ProbePortMismatch = { kind: 'number', port: 8080, container: 'app', declared: [9090] };
    expect(zhTWRules.probeKill.message({ ...p, hint })).toMatch(/連續失敗 6 次後 kubelet 會重新啟動它（探針指向連接埠 8080，但容器 app 宣告的是 9090）。$/);
    expect(zhTWRules.probeKill.message(p)).toMatch(/：沒有記錄失敗的輸出；連續失敗 6 次後 kubelet 會重新啟動它。$/);
    expect(enRules.probeKill.message({ ...p, hint })).toMatch(/after 6 consecutive failures \(the probe targets port 8080, but container app declares 9090\)\.$/);
    expect(enRules.probeKill.message({ container: app, type: 'liveness', probe, state: { kind: 'restarted' } })).toBe(
      'Container "app" was restarted at an unknown time by its liveness probe httpGet http://:8080/healthz (initialDelaySeconds=0 periodSeconds=10 timeoutSeconds=1 failureThreshold=3): its failure output was not recorded.',
    );
  });

  it("backoff-limit-exceeded: the Job's condition message is quoted, the last failure names its Pod and container", () => {
    const zh = zhTWRules.backoffLimitExceeded.message({
      job: 'report',
      why: { reason: 'BackoffLimitExceeded', failed: 3, backoffLimit: 2 },
      condition: 'Job has reached the specified backoff limit',
      last: { pod: 'report-b', container: 'app', exit: { recorded: true, code: 1, hasMessage: false }, message: '' },
    });
    expect(zh).toBe('Job「report」失敗：它的 Pod 失敗了 3 次，達到 backoffLimit 2（「Job has reached the specified backoff limit」）；最後一次失敗的是 Pod report-b 的容器「app」：它以結束代碼 1 結束。');
    // Near miss: an unknown reason without a name, no failure count.
    expect(zhTWRules.backoffLimitExceeded.message({ job: 'report', why: { reason: 'other', name: '' }, condition: '' })).toBe('Job「report」失敗：原因不明。');
    expect(enRules.backoffLimitExceeded.message({ job: 'report', why: { reason: 'BackoffLimitExceeded', backoffLimit: 6 }, condition: '' })).toBe('Job "report" failed: its Pods failed repeatedly, reaching backoffLimit 6.');
  });
});
