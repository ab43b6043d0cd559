// kdiag gate on the real cluster, on a rollout whose second revision breaks: the job's own log (text,
// JUnit, GitHub annotations) says what changed against the revision that worked, and how to go back.
import { XMLValidator } from 'fast-xml-parser';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshNamespace, kubectl, liveAsync, waitFor } from './env.js';

const NS = 'kdiag-live-gate-change';
const GOOD = '127.0.0.1:5000/busybox:1';
const BAD = '127.0.0.1:5000/busybox:does-not-exist';
const tmp = mkdtempSync(join(tmpdir(), 'kdiag-gate-change-'));

function deployment(image: string): string {
  return stringify({
    apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web' },
    spec: { replicas: 1, selector: { matchLabels: { app: 'web' } }, template: { metadata: { labels: { app: 'web' } }, spec: { terminationGracePeriodSeconds: 1, containers: [{ name: 'app', image, command: ['sleep', '3600'] }] } } },
  });
}

beforeAll(async () => {
  freshNamespace(NS);
  kubectl(['apply', '-n', NS, '-f', '-'], deployment(GOOD));
  await waitFor('revision 1 of deploy/web available', () => kubectl(['get', 'deploy', 'web', '-n', NS, '-o', 'jsonpath={.status.availableReplicas}']).stdout === '1', 120_000);
  kubectl(['apply', '-n', NS, '-f', '-'], deployment(BAD));
});
afterAll(() => kubectl(['delete', 'namespace', NS, '--wait=false']));

const HEADER = /What changed(:| ) ?revision 2 \(ReplicaSet web-\w+\) against revision 1 \(ReplicaSet web-\w+\), the last that worked: 1 of its Pods Ready in the input/;
const FIELD = `~ containers[app].image: ${GOOD} → ${BAD}`;
const TIE = 'tied to the cause (high confidence, image/not-found): the new image is the one that cannot be pulled';
const UNDO = `kubectl rollout undo deploy/web --to-revision=1 -n ${NS}`;
/** The text report wraps long lines to 80 columns when piped (nothing is cut): read it as one line. */
const unwrapped = (text: string): string => text.replace(/ *\n\s*/g, ' ');

describe('kdiag gate on a rollout broken by its new revision', () => {
  it('text and JUnit carry the diff, the tie and the way back', async () => {
    const junit = join(tmp, 'web.xml');
    const r = await liveAsync(['gate', 'deploy/web', '-n', NS, '--timeout', '120s', '--junit', junit]);
    expect(r.code, r.stderr + r.stdout).toBe(1);
    // The summary, before the detail: what changed and the way back, one line each.
    expect(r.stdout.slice(0, r.stdout.indexOf('\n\n'))).toContain('      what changed since revision 1: ~ containers[app].image (tied to the cause, high confidence)\n      way back: ');
    const text = unwrapped(r.stdout);
    expect(text).toMatch(HEADER);
    expect(text).toContain(FIELD);
    expect(text).toContain(TIE);
    expect(text).toContain(UNDO);
    const xml = readFileSync(junit, 'utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toMatch(HEADER);
    expect(xml).toContain(FIELD);
    expect(xml).toContain(TIE);
    expect(xml).toContain(UNDO);
  });

  it('GitHub annotations (GITHUB_ACTIONS=true) carry the diff on the error line', async () => {
    const r = await liveAsync(['gate', 'deploy/web', '-n', NS, '--timeout', '120s'], undefined, { GITHUB_ACTIONS: 'true' });
    expect(r.code, r.stderr + r.stdout).toBe(1);
    const error = r.stdout.split('\n').find((l) => l.startsWith(`::error title=kdiag gate%3A ${NS}/deploy/web failed::`));
    expect(error, r.stdout).toBeDefined();
    expect(error).toMatch(HEADER);
    expect(error).toContain(`%0A  ${FIELD}%0A`);
    expect(error).toContain(TIE);
    expect(error).toContain(UNDO);
  });
});
