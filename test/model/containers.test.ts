// containerFacts joins each container's spec to its status by name. The join scans a handful of statuses and
// goes through a Map past FEW_STATUSES (a hostile Pod of thousands); both must give what a Map-based join of
// every list gives (the reference below), on names that repeat, are missing, or are not strings.
import { describe, expect, it } from 'vitest';
import { containerFacts, type ContainerFacts } from '../../src/model/containers.js';
import type { Pod } from '../../src/model/k8s.js';
import { conditionsByType } from '../../src/model/facts.js';
import { fuzzRuns } from '../support/budgets.js';

const GROUPS = [
  { specKey: 'initContainers', statusKey: 'initContainerStatuses', kind: 'init' },
  { specKey: 'containers', statusKey: 'containerStatuses', kind: 'app' },
  { specKey: 'ephemeralContainers', statusKey: 'ephemeralContainerStatuses', kind: 'ephemeral' },
] as const;

/** The join as a Map of every status list (the last status of a name wins), names only: the reference. */
function referenceJoin(pod: Pod): Array<{ name: string; kind: string; status: unknown }> {
  const out: Array<{ name: string; kind: string; status: unknown }> = [];
  const arrayOf = (v: unknown): any[] => (Array.isArray(v) ? v.filter((x) => x && typeof x === 'object') : []);
  for (const group of GROUPS) {
    const specs = arrayOf((pod.spec as any)?.[group.specKey]);
    const statuses = arrayOf((pod.status as any)?.[group.statusKey]);
    const byName = new Map(statuses.map((s) => [s?.name ?? '', s]));
    const names = new Set<string>();
    for (const spec of specs) {
      const name = typeof spec?.name === 'string' ? spec.name : '';
      names.add(name);
      out.push({ name, kind: group.kind === 'init' && spec.restartPolicy === 'Always' ? 'sidecar' : group.kind, status: byName.get(name) });
    }
    for (const status of statuses) {
      const name = typeof status?.name === 'string' ? status.name : '';
      if (!names.has(name)) out.push({ name, kind: group.kind, status });
    }
  }
  return out;
}

const joined = (facts: ContainerFacts[]) => facts.map((c) => ({ name: c.name, kind: c.kind, status: c.status }));

describe('containerFacts: each spec joined to its status by name', () => {
  const cases: Array<{ title: string; pod: Pod; expected: Array<{ name: string; kind: string; status?: string }> }> = [
    {
      title: 'init, sidecar, app and ephemeral containers, in that order',
      pod: { spec: { containers: [{ name: 'app' }], initContainers: [{ name: 'setup' }, { name: 'proxy', restartPolicy: 'Always' }], ephemeralContainers: [{ name: 'debug' }] }, status: { containerStatuses: [{ name: 'app', image: 'a' }], initContainerStatuses: [{ name: 'proxy', image: 'p' }] } } as Pod,
      expected: [{ name: 'setup', kind: 'init' }, { name: 'proxy', kind: 'sidecar', status: 'p' }, { name: 'app', kind: 'app', status: 'a' }, { name: 'debug', kind: 'ephemeral' }],
    },
    {
      title: 'a status with no spec (a partial dump) is still a container',
      pod: { spec: { containers: [{ name: 'app' }] }, status: { containerStatuses: [{ name: 'app', image: 'a' }, { name: 'gone', image: 'g' }] } } as Pod,
      expected: [{ name: 'app', kind: 'app', status: 'a' }, { name: 'gone', kind: 'app', status: 'g' }],
    },
    {
      title: 'two statuses of one name: the spec gets the last, and the other is not a container of its own',
      pod: { spec: { containers: [{ name: 'app' }] }, status: { containerStatuses: [{ name: 'app', image: 'first' }, { name: 'app', image: 'last' }] } } as Pod,
      expected: [{ name: 'app', kind: 'app', status: 'last' }],
    },
    {
      title: 'no status at all: every spec, unjoined',
      pod: { spec: { containers: [{ name: 'a' }, { name: 'b' }] } } as Pod,
      expected: [{ name: 'a', kind: 'app' }, { name: 'b', kind: 'app' }],
    },
  ];
  for (const c of cases) {
    it(c.title, () => {
      expect(containerFacts(c.pod).map((f) => ({ name: f.name, kind: f.kind, ...(f.status ? { status: f.status.image } : {}) }))).toEqual(c.expected);
    });
  }

  it('a Pod of 20,000 containers is joined through a Map: each spec gets its own status', () => {
    const n = 20_000;
    const pod = { spec: { containers: Array.from({ length: n }, (_, i) => ({ name: `c${i}` })) }, status: { containerStatuses: Array.from({ length: n }, (_, i) => ({ name: `c${n - 1 - i}`, restartCount: n - 1 - i })) } } as Pod;
    const facts = containerFacts(pod);
    expect(facts).toHaveLength(n);
    expect(facts.every((f, i) => f.name === `c${i}` && f.restartCount === i)).toBe(true);
  });

  it('on generated Pods (names that repeat, are missing or are not strings; up to 12 statuses a group), the join is the reference\'s', () => {
    let seed = 4242;
    const next = (n: number): number => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const NAMES: unknown[] = ['a', 'b', 'c', '', undefined, null, 7, 'a'];
    const entry = (tag: string): Record<string, unknown> => {
      const name = NAMES[next(NAMES.length)];
      return { ...(name === undefined && next(2) === 0 ? {} : { name }), image: `${tag}${next(1000)}`, ...(next(4) === 0 ? { restartPolicy: 'Always' } : {}) };
    };
    const list = (tag: string): unknown => {
      const pick = next(6);
      if (pick === 0) return undefined;
      if (pick === 1) return 'not a list';
      return Array.from({ length: next(13) }, () => (next(15) === 0 ? null : entry(tag)));
    };
    for (let run = 0; run < fuzzRuns(400); run++) {
      const spec: Record<string, unknown> = {};
      const status: Record<string, unknown> = {};
      for (const g of GROUPS) {
        spec[g.specKey] = list('spec');
        status[g.statusKey] = list('status');
      }
      const pod = { spec, status } as Pod;
      expect(joined(containerFacts(pod)), JSON.stringify(pod)).toEqual(referenceJoin(pod));
    }
  });
});

describe('conditionsByType', () => {
  it('inherits nothing: a condition type or a readiness gate may name any property', () => {
    const conditions = conditionsByType([{ type: 'Ready', status: 'True' }, { type: '__proto__', status: 'False' }]);
    expect(conditions['Ready']?.status).toBe('True');
    expect(conditions['__proto__']?.status).toBe('False');
    expect(Object.keys(conditions)).toEqual(['Ready', '__proto__']);
    for (const name of ['constructor', 'toString', 'hasOwnProperty', 'valueOf']) expect(conditions[name], name).toBeUndefined();
  });

  it('the last condition of a type wins; entries that are not conditions are skipped', () => {
    const conditions = conditionsByType([{ type: 'Ready', status: 'False' }, null, { status: 'True' }, { type: 3 }, { type: 'Ready', status: 'True' }]);
    expect(Object.keys(conditions)).toEqual(['Ready']);
    expect(conditions['Ready']?.status).toBe('True');
    expect(Object.keys(conditionsByType('not a list'))).toEqual([]);
  });
});
