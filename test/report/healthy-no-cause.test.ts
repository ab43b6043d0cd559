// A HEALTHY verdict is never followed by a "Cause" section: its warnings are listed under "Also found".
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderText } from '../../src/report/text.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { at, containerStatus, node, obj, pod, T0 } from '../harness/builders.js';

const JOB = { apiVersion: 'batch/v1', kind: 'Job', name: 'migrate', uid: 'job-uid-1', controller: true };
function failedAttempt(jobStatus: Record<string, unknown>) {
  const p = pod({ metadata: { ownerReferences: [JOB] }, spec: { restartPolicy: 'Never' }, status: { phase: 'Failed', containerStatuses: [containerStatus({ terminated: { exitCode: 1, reason: 'Error', finishedAt: at(-100) } })] } });
  const s = snapshotFromObjects([obj('Job', 'migrate', { metadata: { uid: 'job-uid-1' }, status: jobStatus }, 'batch/v1'), p, node()]);
  return new Engine(s, { now: T0 }).diagnosePod(s.pods[0]!);
}

describe('a healthy verdict with a warning', () => {
  const d = failedAttempt({ succeeded: 1, failed: 1, conditions: [{ type: 'Complete', status: 'True' }] });
  it('text: HEALTHY, the warning under Also found, no Cause', () => {
    const text = renderText(d, { color: false, width: 200 } as any);
    expect(text).toMatch(/^HEALTHY: /m);
    expect(text).not.toMatch(/^Cause/m);
    expect(text).toMatch(/^Also found\n  \S+ warning Container "app" of Job "migrate" failed/m);
  });
  it('markdown: no cause line', () => {
    expect(renderMarkdown(d)).not.toMatch(/Cause/);
  });
  it('near miss: the same attempt while the Job runs is failing, with its Cause', () => {
    expect(renderText(failedAttempt({ failed: 1, active: 1 }), { color: false, width: 200 } as any)).toMatch(/^Cause/m);
  });
});
