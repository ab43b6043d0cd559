// "Say only what was seen": a Secret kdiag read as metadata only has unknown keys, never "(none)".
import { describe, expect, it } from 'vitest';
import { Engine } from '../../src/engine/diagnose.js';
import { snapshotFromObjects } from '../../src/sources/dump.js';
import { conditions, containerStatus, IMAGE, obj, pod, T0 } from '../harness/builders.js';

const missingKey = pod({
  spec: { containers: [{ name: 'app', image: IMAGE, env: [{ name: 'DB_PASSWORD', valueFrom: { secretKeyRef: { name: 'db', key: 'password' } } }] }] },
  status: { phase: 'Pending', conditions: conditions({ sandbox: true }), containerStatuses: [containerStatus({ waiting: { reason: 'CreateContainerConfigError', message: "couldn't find key password in Secret shop/db" } })] },
});

function diagnose(secret: unknown) {
  const engine = new Engine(snapshotFromObjects([missingKey, secret], 'test'), { now: T0 });
  return engine.diagnosePod(engine.snapshot.pods[0]!);
}

describe('Secret keys are claimed only when they were read', () => {
  it('a metadata-only Secret (how kdiag reads them live): exists, keys unknown, no "(none)" anywhere', () => {
    const d = diagnose(obj('Secret', 'db', { type: 'Opaque' }));
    const text = JSON.stringify(d);
    expect(d.status).toBe('failing');
    expect(d.findings[0]!.message).toContain('its keys are unknown here');
    expect(text).not.toContain('(none)');
    expect(text).not.toContain('keys present');
    expect(d.findings[0]!.evidence.map((e) => e.text).join('\n')).not.toMatch(/secret\/db keys/);
  });

  it('a dumped Secret with data: its key names are evidence (values never kept)', () => {
    const d = diagnose(obj('Secret', 'db', { type: 'Opaque', data: { host: 'aA==', username: 'dQ==' } }));
    expect(d.findings[0]!.message).toContain('keys present: host, username');
    expect(JSON.stringify(d)).not.toContain('aA==');
  });

  it('a dumped Secret with an empty data map really has no keys', () => {
    const d = diagnose(obj('Secret', 'db', { type: 'Opaque', data: {} }));
    expect(d.findings[0]!.message).toContain('keys present: (none)');
  });
});
