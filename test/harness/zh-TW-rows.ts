import { appendFileSync } from 'node:fs';
import { expect } from 'vitest';
import { localizeTitles } from '../../src/i18n/rule-text.js';
import type { Finding, Rule } from '../../src/rules/types.js';
import { englishLeft } from './english-left.js';

/** Rules that build their messages and fix steps from the typed catalogue (src/rules/messages/, zh-TW in src/i18n/rule-messages/zh-TW/): every rule. */
export const NATIVE_ZH_TW: ReadonlySet<string> = new Set([
  'admission/cronjob-not-starting',
  'admission/failed-create',
  'admission/pod-security',
  'admission/quota-exceeded',
  'admission/webhook-denied',
  'cni/cni-not-initialized',
  'cni/ip-exhausted',
  'cni/node-network-unavailable',
  'cni/runtime-handler-missing',
  'cni/sandbox-image',
  'cni/sandbox-network-failed',
  'cni/sandbox-stuck',
  'container/backoff-limit-exceeded',
  'container/command-not-found',
  'container/completed-restart-loop',
  'container/crash-loop',
  'container/create-container-error',
  'container/hook-failed',
  'container/init-failed',
  'container/init-stuck',
  'container/job-failed',
  'container/liveness-failed',
  'container/no-resources',
  'container/not-executable',
  'container/oom-killed',
  'container/recent-restarts',
  'container/run-container-error',
  'container/sidecar-holds-completion',
  'container/startup-probe-failed',
  'image/inspect-failed',
  'image/invalid-name',
  'image/never-pull',
  'image/not-found',
  'image/pull-failed',
  'image/pull-stuck',
  'image/rate-limited',
  'image/registry-unreachable',
  'image/signature-failed',
  'image/tls',
  'image/unauthorized',
  'image/wrong-platform',
  'readiness/not-ready-long',
  'readiness/probe-failing',
  'readiness/progress-deadline-exceeded',
  'readiness/readiness-gates',
  'readiness/service-no-endpoints',
  'readiness/service-selector-near-miss',
  'readiness/service-selects-nothing',
  'readiness/single-node-replicas',
  // kubelet stage
  'kubelet/admission-rejected',
  'kubelet/create-container-config-error',
  'kubelet/deadline-exceeded',
  'kubelet/evicted',
  'kubelet/node-lost',
  'kubelet/node-missing',
  'kubelet/node-not-ready',
  'kubelet/node-shutdown',
  'kubelet/node-status-stale',
  'kubelet/not-started-long',
  'kubelet/preempted',
  'kubelet/stuck-terminating',
  // scheduling stage
  'scheduling/host-port-conflict',
  'scheduling/insufficient-resources',
  'scheduling/no-nodes',
  'scheduling/node-selector-mismatch',
  'scheduling/not-scheduled-long',
  'scheduling/pod-affinity',
  'scheduling/pvc-not-found',
  'scheduling/scheduling-gated',
  'scheduling/topology-spread',
  'scheduling/too-many-pods',
  'scheduling/unbound-pvc',
  'scheduling/unschedulable',
  'scheduling/unschedulable-nodes',
  'scheduling/untolerated-taint',
  'scheduling/volume-node-affinity',
  // volume stage
  'volume/attach-failed',
  'volume/hostpath-type',
  'volume/missing-configmap-or-secret',
  'volume/mount-failed',
  'volume/mount-stuck',
  'volume/mount-timeout',
  'volume/multi-attach',
  'volume/provisioning-failed',
  'volume/pvc-pending',
  // the traffic path (src/i18n/traffic.ts and traffic.zh-TW.ts)
  'traffic/dns-egress-denied',
  'traffic/dns-pods-not-ready',
  'traffic/ingress-backend-missing',
  'traffic/ingress-backend-port',
  'traffic/ingress-class-unresolved',
  'traffic/ingress-tls-secret-missing',
  'traffic/no-ready-endpoints',
  'traffic/policy-denies',
  'traffic/protocol-mismatch',
  'traffic/publish-not-ready',
  'traffic/service-other-namespace',
  'traffic/statefulset-service-name',
  'traffic/target-port-undeclared',
]);

/**
 * A firing row's findings, found again with `--lang zh-TW` and localised as the engine does: the message and
 * every fix step must read as Chinese with no English sentence left (commands, quotes and reasons aside).
 */
export function expectZhTW(rule: Rule, zh: Finding[], en: Finding[]): void {
  const out = localizeTitles(zh, 'zh-TW', (id) => (id === rule.id ? rule.title : undefined));
  expect(out.length).toBe(en.length);
  // KDIAG_ZH_DUMP=FILE appends every firing row in zh-TW as JSON lines, to read or diff the wording across a change.
  if (process.env.KDIAG_ZH_DUMP) for (const f of out) appendFileSync(process.env.KDIAG_ZH_DUMP, `${JSON.stringify({ rule: rule.id, title: f.title, message: f.message, remediation: f.remediation })}\n`);
  // KDIAG_EN_DUMP=FILE does the same for the English findings, to check a rule's English stays byte-identical across a change.
  if (process.env.KDIAG_EN_DUMP) for (const f of en) appendFileSync(process.env.KDIAG_EN_DUMP, `${JSON.stringify({ rule: rule.id, title: f.title, message: f.message, remediation: f.remediation })}\n`);
  for (const f of out) {
    expect(/[\u4e00-\u9fff]/.test(f.title) && englishLeft(f.title).length === 0, `zh-TW title ${JSON.stringify(f.title)}`).toBe(true);
    for (const line of [f.message, ...f.remediation]) {
      expect(englishLeft(line), `zh-TW ${JSON.stringify(line)}`).toEqual([]);
      expect(/[\u4e00-\u9fff]/.test(line) || /^(kubectl|crictl|journalctl|kdiag) /.test(line), `zh-TW line neither Chinese nor a command: ${JSON.stringify(line)}`).toBe(true);
    }
  }
}
