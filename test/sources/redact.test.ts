import { describe, expect, it } from 'vitest';
import { renderBundle } from '../../src/sources/bundle.js';
import { readDumps, snapshotFromObjects } from '../../src/sources/dump.js';
import { REDACTED, redactMessage, redactObject, redactText } from '../../src/text/redact.js';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Engine } from '../../src/engine/diagnose.js';
import { conditions, containerStatus, event, IMAGE, node, obj, pod, T0 } from '../harness/builders.js';

const PLANTED = ['s3cr3t-Planted-Value', 'AKIAABCDEFGHIJKLMNOP', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJrZGlhZyJ9.c2lnbmF0dXJlLXZhbHVl', 'hunter2-db-pass'];

describe('redaction', () => {
  it('masks credentials in log text by pattern', () => {
    const log = [
      'connecting with password=hunter2-db-pass',
      'Authorization: Bearer abcdefghijklmnop1234',
      `token: ${PLANTED[2]}`,
      `aws key ${PLANTED[1]}`,
      'postgres://app:s3cr3t-Planted-Value@db:5432/app',
      '{"api_key": "zzzzzzzzzzzz"}',
    ].join('\n');
    const out = redactText(log);
    for (const p of [...PLANTED, 'abcdefghijklmnop1234', 'zzzzzzzzzzzz']) expect(out).not.toContain(p);
    expect(out).toContain('connecting with password=');
  });

  it('masks env values but keeps names and references', () => {
    const p = pod({ spec: { containers: [{ name: 'app', image: IMAGE, env: [{ name: 'DB_PASSWORD', value: PLANTED[0] }, { name: 'FROM_SECRET', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] }] } });
    const r = redactObject(p as never);
    expect(JSON.stringify(r)).not.toContain(PLANTED[0]);
    expect(r.spec.containers[0].env[0]).toEqual({ name: 'DB_PASSWORD', value: REDACTED });
    expect(r.spec.containers[0].env[1].valueFrom.secretKeyRef).toEqual({ name: 'db', key: 'password' });
  });

  it('a bundle holds no planted secret and reads back to the same diagnosis', () => {
    const p = pod({
      spec: { containers: [{ name: 'app', image: IMAGE, env: [{ name: 'TOKEN', value: PLANTED[3] }], args: [`--password=${PLANTED[0]}`] }] },
      status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'ErrImagePull', message: `rpc error: code = NotFound desc = failed to pull and unpack image "${IMAGE}": failed to resolve reference "${IMAGE}": ${IMAGE}: not found` } })] },
    });
    const snapshot = snapshotFromObjects([p, node(), event(p, { reason: 'Failed', message: 'x' }), obj('Secret', 'db', { data: { password: Buffer.from(PLANTED[0]!).toString('base64') } }), obj('ConfigMap', 'cfg', { data: { DB_URL: `postgres://u:${PLANTED[0]}@db/x` } })]);
    snapshot.logs['shop/api-7d9f-x2k/app'] = `boot\nusing token ${PLANTED[2]}\n`;
    snapshot.meta.capturedAt = new Date(T0).toISOString();
    snapshot.meta.notes.push('node state not visible: forbidden (needs get on nodes)');
    const bundle = renderBundle(snapshot, { kdiagVersion: 'test', context: 'test' }, { logs: true });
    for (const planted of PLANTED) expect(bundle).not.toContain(planted);
    expect(bundle).not.toContain(Buffer.from(PLANTED[0]!).toString('base64'));

    const file = join(mkdtempSync(join(tmpdir(), 'kdiag-bundle-')), 'bundle.yaml');
    writeFileSync(file, bundle);
    const back = readDumps([file]).snapshot;
    expect(back.meta.capturedAt).toBe(snapshot.meta.capturedAt);
    expect(back.meta.notes).toContain('node state not visible: forbidden (needs get on nodes)');
    expect(back.logs['shop/api-7d9f-x2k/app']).toContain('using token');
    const before = new Engine(snapshot).diagnosePod(snapshot.pods[0]!);
    const after = new Engine(back).diagnosePod(back.pods[0]!);
    expect({ status: after.status, stage: after.stage, rule: after.findings[0]?.rule }).toEqual({ status: before.status, stage: before.stage, rule: before.findings[0]?.rule });
  });

  it('masks credentials in messages but keeps the words rules read (a near miss for the key=value pattern)', () => {
    const real = 'failed to authorize: failed to fetch oauth token: unexpected status from POST request to https://127.0.0.1:5000/token: 401 Unauthorized';
    expect(redactMessage(real)).toBe(real);
    const leaky = redactMessage('login failed: password=hunter2 token: abcdefghijklmnopqrstu Authorization: Bearer abcdefghijklmnop1234 curl -u admin:s3cret');
    for (const p of ['hunter2', 'abcdefghijklmnopqrstu', 'abcdefghijklmnop1234', 's3cret']) expect(leaky).not.toContain(p);
  });
});
