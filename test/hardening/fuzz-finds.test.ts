// What `npm run fuzz` found, kept as fixed cases so they stay fixed (the minimal counterexample fast-check printed).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { ROOT } from './hostile.js';
import { kdiagAsync } from '../support/cli.js';

const validate = new Ajv({ allErrors: true }).compile(JSON.parse(readFileSync(join(ROOT, 'schema/kdiag-v1.schema.json'), 'utf8')));

describe('fuzz finds', () => {
  it('a Deployment progressing on its own warning (a nameless ReplicaSet beside it) has a summary: valid kdiag/v1', async () => {
    const r = await kdiagAsync(['analyze', resolve(import.meta.dirname, 'corpus/fuzz-progressing-workload.json'), '-o', 'json', '--now', '2026-11-30T10:00:00Z']);
    expect(r.code, r.stderr).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const deployment = doc.items.find((d: { workload?: { kind: string } }) => d.workload?.kind === 'Deployment');
    expect(deployment.status).toBe('progressing');
    expect(deployment.summary).toMatch(/Deployment "web"/);
  });

  it('an Ingress whose backend port number is an object with toString and valueOf keys: a diagnosis, not an internal error', async () => {
    const file = resolve(import.meta.dirname, 'corpus/fuzz-ingress-port-object.json');
    const r = await kdiagAsync(['analyze', file, '-o', 'json', '--now', '2026-12-04T18:10:00Z']);
    expect(r.code, r.stderr).toBe(1);
    const doc = JSON.parse(r.stdout);
    expect(validate(doc), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const ingress = doc.items.find((d: { workload?: { kind: string } }) => d.workload?.kind === 'Ingress');
    expect(ingress.workload.name).toBe('web-port-object');
    // The port it could not read is left out; the Ingress is still judged (it names no class, and none is the default).
    expect(ingress.findings.map((f: { rule: string }) => f.rule)).toEqual(['traffic/ingress-class-unresolved']);
    const text = await kdiagAsync(['pod', 'ingress/web-port-object', '-f', file, '--now', '2026-12-04T18:10:00Z']);
    expect(text.code, text.stderr).toBe(1);
    expect(text.stdout).toMatch(/backends web:\n/);
  });

  it('NetworkPolicies with a port that is an object and a peer that is null: the network policy hop is unknown and says which fields, not an internal error', async () => {
    const file = resolve(import.meta.dirname, 'corpus/fuzz-networkpolicy-fields.json');
    const r = await kdiagAsync(['analyze', file, '-o', 'json', '--now', '2026-12-04T18:10:00Z']);
    expect(r.code, r.stderr).toBe(0);
    expect(validate(JSON.parse(r.stdout)), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
    const svc = await kdiagAsync(['pod', 'svc/web', '-n', 'kdiag-traffic-policy-denies', '-f', file, '--now', '2026-12-04T18:10:00Z']);
    expect(svc.code, svc.stderr).toBe(0);
    expect(svc.stdout).toMatch(/\? network policy: cannot tell/);
    expect(svc.stdout).toContain('allow-monitoring (spec.ingress[0].ports[0].port), kdiag-traffic-policy-denies/allow-same-namespace (spec.ingress[0].from[0])');
  });
});
