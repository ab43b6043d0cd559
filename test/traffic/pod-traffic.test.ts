// A Pod's own diagnosis gains a Traffic part; the Pod that works stays healthy.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { readDumps } from '../../src/sources/dump.js';
import { withPodTraffic } from '../../src/engine/traffic-verdict.js';
import { renderText } from '../../src/report/text.js';

const diagnose = (fixture: string, lang: 'en' | 'zh-TW' = 'en', ignore: string[] = [], podName?: string) => {
  const snapshot = readDumps([resolve(import.meta.dirname, '../../fixtures/real', fixture)]).snapshot;
  const engine = new Engine(snapshot, { ruleOptions: { lang }, suppressions: { entries: ignore.length > 0 ? [{ rules: ignore, source: '--ignore' }] : [] } });
  const pod = podName ? snapshot.pods.find((p) => p.metadata?.name === podName)! : snapshot.pods[0]!;
  return { d: withPodTraffic(engine.diagnosePod(pod), snapshot, pod, lang, (found) => engine.partitionForPod(found, pod)), now: engine.now };
};

describe("a Pod's Traffic part", () => {
  it('real: the Pod stays healthy; its Service is named with a partial policy hop and the namespace kept out', () => {
    const { d, now } = diagnose('traffic-policy-denies.yaml');
    expect(d.status).toBe('healthy');
    expect(d.podTraffic).toEqual({ services: [{ name: 'web', hops: [{ hop: 'service', state: 'passed' }, { hop: 'endpoints', state: 'passed' }, { hop: 'network-policy', state: 'partial' }, { hop: 'pod-port', state: 'passed' }], broken: null, keptOut: ['namespace kdiag-traffic-monitoring'] }] });
    expect(d.findings.filter((f) => f.rule.startsWith('traffic/')).map((f) => `${f.rule}:${f.severity}`)).toEqual(['traffic/policy-denies:warning']);
    const text = renderText(d, { color: false, width: 100, now });
    expect(text).toContain('Traffic\n  Service web: ✔ service → ✔ endpoints → ◐ network policy → ✔ pod port\n    a NetworkPolicy keeps out namespace kdiag-traffic-monitoring');
  });
  it('real: a broken path (protocol) is a warning on a Pod that works, never its verdict', () => {
    const { d } = diagnose('traffic-protocol.yaml');
    expect(d.podTraffic!.services.map((s) => `${s.name}:${s.broken}`)).toEqual(['dns:pod-port', 'dns-udp:null']);
    expect(d.findings.find((f) => f.rule === 'traffic/protocol-mismatch')?.severity).toBe('warning');
    expect(d.findings[0]?.rule).not.toBe('traffic/protocol-mismatch');
  });
  it('real: an unready Pod keeps its own cause; no-ready-endpoints is not repeated, publishNotReadyAddresses is', () => {
    const { d } = diagnose('traffic-publish-not-ready.yaml');
    expect(d.findings[0]!.rule).toBe('readiness/probe-failing');
    const traffic = d.findings.filter((f) => f.rule.startsWith('traffic/')).map((f) => f.rule);
    expect(traffic).toEqual(['traffic/publish-not-ready']);
  });
  it('near miss: a Pod no Service selects has no Traffic part', () => {
    const { d } = diagnose('healthy-ready.yaml');
    const snapshot = readDumps([resolve(import.meta.dirname, '../../fixtures/real/traffic-egress-no-dns.yaml')]).snapshot;
    expect(snapshot.services).toEqual([]);
    const pod = snapshot.pods[0]!;
    const engine = new Engine(snapshot);
    expect(withPodTraffic(engine.diagnosePod(pod), snapshot, pod, 'en', (found) => engine.partitionForPod(found, pod)).podTraffic).toBeUndefined();
    expect(d.podTraffic?.services.map((s) => s.name)).toEqual(['hello']);
  });
  it('a Pod no Service selects whose DNS egress is denied: the finding, and no empty Traffic heading', () => {
    const snapshot = readDumps([resolve(import.meta.dirname, '../../fixtures/real/traffic-dns-egress-denied.yaml')]).snapshot;
    const engine = new Engine(snapshot);
    const pod = snapshot.pods.find((p) => p.metadata?.name === 'client-denied')!;
    const d = withPodTraffic(engine.diagnosePod(pod), snapshot, pod, 'en', (found) => engine.partitionForPod(found, pod));
    expect(d.findings.map((f) => f.rule)).toContain('traffic/dns-egress-denied');
    expect(d.podTraffic).toBeUndefined();
    expect(renderText(d, { color: false, width: 80, now: engine.now, lang: 'en' })).not.toMatch(/^Traffic$/m);
  });
  it("the run's suppressions hold for the Traffic part: the finding is listed as suppressed, the path still shown", () => {
    for (const ignore of [['traffic'], ['traffic/policy-denies']]) {
      const { d, now } = diagnose('traffic-policy-denies.yaml', 'en', ignore);
      expect(d.findings.filter((f) => f.rule.startsWith('traffic/'))).toEqual([]);
      expect(d.suppressed?.map((f) => f.rule)).toEqual(['traffic/policy-denies']);
      expect(d.podTraffic?.services.map((s) => s.name)).toEqual(['web']);
      expect(renderText(d, { color: false, width: 100, now })).toContain('1 finding suppressed (--ignore)');
    }
    const { d } = diagnose('traffic-sts-service-name.yaml', 'en', ['traffic/statefulset-service-name'], 'db-0');
    expect(d.findings.map((f) => f.rule)).not.toContain('traffic/statefulset-service-name');
    expect(d.suppressed?.map((f) => f.rule)).toEqual(['traffic/statefulset-service-name']);
  });
  it('near miss: an --ignore of another rule leaves the traffic finding shown', () => {
    const { d } = diagnose('traffic-policy-denies.yaml', 'en', ['traffic/protocol-mismatch']);
    expect(d.findings.filter((f) => f.rule.startsWith('traffic/')).map((f) => f.rule)).toEqual(['traffic/policy-denies']);
    expect(d.suppressed).toBeUndefined();
  });
  it('zh-TW', () => {
    const { d, now } = diagnose('traffic-policy-denies.yaml', 'zh-TW');
    expect(renderText(d, { color: false, width: 100, now, lang: 'zh-TW' })).toContain('流量\n  Service web：');
  });
});
