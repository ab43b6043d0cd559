// Log evidence: the last meaningful lines of a stopped container's log (snapshot.logs) become evidence
// (source "log") of the finding about that container, in every command that has logs in its Snapshot.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { meaningfulLines } from '../../src/engine/log-evidence.js';
import { renderText } from '../../src/report/text.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';

const FIXTURES = resolve(import.meta.dirname, '../../fixtures');
const logItem = (namespace: string, pod: string, container: string, text: string) => ({ apiVersion: 'kdiag/v1', kind: 'ContainerLog', metadata: { namespace, name: pod }, container, previous: true, text });

function withLog(fixture: string, log: ReturnType<typeof logItem>, logLines?: number) {
  const { snapshot } = readDumps([resolve(FIXTURES, fixture)]);
  const logs = snapshotFromObjects([log]).logs;
  Object.assign(snapshot.logs, logs);
  const engine = new Engine(snapshot, logLines === undefined ? {} : { logLines });
  const pod = snapshot.pods.find((p) => p.metadata?.name === log.metadata.name)!;
  return engine.diagnosePod(pod);
}

describe('meaningfulLines', () => {
  it('prefers the lines that name an error, keeps their order, drops blank and banner lines', () => {
    const log = ['==========', '  My App v1.2  ', '----------', 'starting', '', 'connecting to db', 'ERROR: connection refused', 'retrying', 'FATAL: giving up', '', '*****'].join('\n');
    expect(meaningfulLines(log, 5)).toEqual(['ERROR: connection refused', 'FATAL: giving up']);
  });
  it('without an error word: the last lines before the end', () => {
    expect(meaningfulLines('a\nb\nc\nd\ne\nf\ng\n', 3)).toEqual(['e', 'f', 'g']);
  });
  it('at most max lines, the last ones, each clipped', () => {
    const lines = Array.from({ length: 9 }, (_, i) => `error ${i} ${'x'.repeat(i === 8 ? 500 : 1)}`);
    const got = meaningfulLines(lines.join('\n'), 5);
    expect(got).toHaveLength(5);
    expect(got[0]).toMatch(/^error 4/);
    expect(got[4]!.length).toBeLessThanOrEqual(301);
  });
  it('a log of only banners and blanks says nothing', () => {
    expect(meaningfulLines('\n=====\n\n-----\n', 5)).toEqual([]);
  });
});

describe('log evidence in diagnoses', () => {
  const crash = logItem('kdiag-container-crash-loop', 'crasher', 'app', 'starting\nfatal: missing required setting DATABASE_URL\n');

  it('a crash-looping container (real fixture): the fatal line is evidence with source "log"', () => {
    const d = withLog('real/container-crash-loop.yaml', crash);
    expect(d.findings[0]!.rule).toBe('container/crash-loop');
    const log = d.findings[0]!.evidence.find((e) => e.source === 'log');
    expect(log?.text).toBe('previous log of app: fatal: missing required setting DATABASE_URL');
    expect(renderText(d, { color: false })).toMatch(/Evidence[\s\S]*• previous log of app: fatal: missing required setting DATABASE_URL/);
  });

  it('logLines 0 (--no-logs) shows none', () => {
    const d = withLog('real/container-crash-loop.yaml', crash, 0);
    expect(d.findings.flatMap((f) => f.evidence).some((e) => e.source === 'log')).toBe(false);
  });

  it('a failed init container (real fixture)', () => {
    const d = withLog('real/container-init-failed.yaml', logItem('kdiag-container-init-failed', 'init-fails', 'wait-for-db', 'waiting for db\nnslookup: can\'t resolve \'db\'\n'));
    expect(d.findings[0]!.rule).toBe('container/init-failed');
    expect(d.findings[0]!.evidence.find((e) => e.source === 'log')?.text).toContain("nslookup: can't resolve 'db'");
  });

  it('a failed Job Pod: the current log of the terminated container', () => {
    const d = withLog('synthetic/container-job-failed.yaml', logItem('shop', 'report-29113520-hx7qk', 'report', 'generating report\nTraceback (most recent call last):\nPermissionError: [Errno 13] Permission denied: /out\n'));
    const log = d.findings[0]!.evidence.find((e) => e.source === 'log');
    expect(log?.text).toBe('log of report:\nTraceback (most recent call last):\nPermissionError: [Errno 13] Permission denied: /out');
  });

  it('credentials in a log never reach the diagnosis; escapes are neutralised', () => {
    const d = withLog('real/container-crash-loop.yaml', logItem('kdiag-container-crash-loop', 'crasher', 'app', 'error: auth failed for postgres://app:hunter2@db/x password=hunter2 \u001b[31mred\u001b[0m\n'));
    const text = JSON.stringify(d);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('\\u001b');
    expect(text).toContain('<redacted by kdiag>');
  });

  it('no log for the container: no log evidence, and a healthy Pod gets none', () => {
    const d = withLog('real/healthy-ready.yaml', logItem('kdiag-healthy-ready', 'hello-67db77dbf6-tlvjs', 'hello', 'error: x'));
    expect(JSON.stringify(d)).not.toContain('"source": "log"');
  });
});

describe('gate text: the log once', () => {
  it('a failed gate quotes the engine\'s selected log line under Evidence, not also the raw tail; JUnit keeps the tail', async () => {
    const { evaluateGate } = await import('../../src/engine/gate.js');
    const { renderGateText } = await import('../../src/report/gate.js');
    const { renderJunit } = await import('../../src/report/junit.js');
    const { snapshot } = readDumps([resolve(FIXTURES, 'real/container-crash-loop.yaml')]);
    Object.assign(snapshot.logs, snapshotFromObjects([logItem('kdiag-container-crash-loop', 'crasher', 'app', 'starting\nfatal: missing required setting DATABASE_URL\n')]).logs);
    const engine = new Engine(snapshot, {});
    const results = evaluateGate(engine, [{ kind: 'Pod', name: 'crasher' }], 'kdiag-container-crash-loop', { maxRestarts: 1 });
    expect(results[0]!.state).toBe('failed');
    const text = renderGateText(results, 'failed', 1000, { color: false }, snapshot.logs);
    expect(text).toMatch(/Evidence[\s\S]*• previous log of app: fatal: missing required setting DATABASE_URL/);
    expect(text).not.toContain('last log lines of');
    expect(text.split('fatal: missing required setting').length - 1).toBe(1);
    expect(renderJunit(results, 'failed', 1000, 't', snapshot.logs)).toContain('| fatal: missing required setting DATABASE_URL');
  });
});
