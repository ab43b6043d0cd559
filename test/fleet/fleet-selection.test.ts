// Picking the clusters of a run over several contexts, the order their results go out in, and the flags'
// help and completion.
import { describe, expect, it } from 'vitest';
import { globPattern, mayNameMany, selectContexts } from '../../src/cli/fleet/select-contexts.js';
import { inOrder } from '../../src/cli/fleet/in-order.js';
import { kdiagInProcess } from '../support/cli.js';

const KNOWN = ['prod-eu', 'staging', 'prod-us', 'dev/kind', 'prod-eu-2'];

describe('selectContexts', () => {
  it.each([
    [{ context: ['prod-*'] }, ['prod-eu', 'prod-us', 'prod-eu-2']],
    [{ context: ['prod-??'] }, ['prod-eu', 'prod-us']],
    [{ context: ['prod-[e]*'] }, ['prod-eu', 'prod-eu-2']],
    [{ context: ['prod-[!e]*'] }, ['prod-us']],
    [{ context: ['staging', 'prod-*', 'prod-eu'] }, ['staging', 'prod-eu', 'prod-us', 'prod-eu-2']],
    [{ context: ['dev/*'] }, ['dev/kind']],
    [{ context: ['unknown-name', 'staging'] }, ['unknown-name', 'staging']],
    [{ allContexts: true }, KNOWN],
  ])('%j → %j (flags\' order, a glob\'s matches in the kubeconfig\'s order, each once)', (flags, expected) => {
    expect(selectContexts(flags, KNOWN)).toEqual(expected);
  });

  it('near misses: a glob is a whole-name match, a dot is a dot', () => {
    expect(globPattern('prod').test('prod-eu')).toBe(false);
    expect(globPattern('a.b').test('axb')).toBe(false);
    expect(globPattern('*-eu').test('prod-eu-2')).toBe(false);
  });

  it('a glob that matches nothing, and --all-contexts with --context, are usage errors (exit 2)', () => {
    expect(() => selectContexts({ context: ['qa-*'] }, KNOWN)).toThrow(expect.objectContaining({ exitCode: 2, message: '--context "qa-*" matches no context in the kubeconfig' }));
    expect(() => selectContexts({ allContexts: true, context: ['staging'] }, KNOWN)).toThrow(expect.objectContaining({ exitCode: 2 }));
    expect(() => selectContexts({ allContexts: true }, [])).toThrow(expect.objectContaining({ exitCode: 3 }));
  });

  it('one plain --context is the single-cluster path; two, a glob or --all-contexts may name many', () => {
    expect(mayNameMany({ context: ['a'] })).toBe(false);
    expect(mayNameMany({ context: 'a' })).toBe(false);
    expect(mayNameMany({})).toBe(false);
    expect(mayNameMany({ context: ['a', 'b'] })).toBe(true);
    expect(mayNameMany({ context: ['a*'] })).toBe(true);
    expect(mayNameMany({ allContexts: true })).toBe(true);
  });
});

describe('inOrder', () => {
  it('results are taken in the inputs\' order whatever order they finish in, with at most `bound` held', async () => {
    const resolvers = new Map<number, () => void>();
    let held = 0;
    let maxHeld = 0;
    const taken: number[] = [];
    const done = inOrder([0, 1, 2, 3, 4, 5], 2, (i) => {
      held++;
      maxHeld = Math.max(maxHeld, held);
      return new Promise<number>((r) => resolvers.set(i, () => r(i * 10)));
    }, (i, result) => {
      held--;
      taken.push(result);
      expect(result).toBe(i * 10);
    });
    const settle = (): Promise<void> => new Promise((r) => setImmediate(r));
    // Finish out of order: 1 before 0, then the rest backwards as they start.
    await settle();
    expect([...resolvers.keys()]).toEqual([0, 1]);
    resolvers.get(1)!();
    await settle();
    expect(taken).toEqual([]); // 1 waits for 0
    expect([...resolvers.keys()]).toEqual([0, 1]); // and holds its slot
    resolvers.get(0)!();
    await settle();
    expect(taken).toEqual([0, 10]);
    for (const i of [3, 2, 5, 4]) {
      await settle();
      resolvers.get(i)!();
    }
    await done;
    expect(taken).toEqual([0, 10, 20, 30, 40, 50]);
    expect(maxHeld).toBe(2);
  });
});

describe('the flags on the command line', () => {
  it('scan --help lists them; completion offers them and the bound\'s values', async () => {
    const help = (await kdiagInProcess(['scan', '--help'])).stdout;
    expect(help).toContain('--all-contexts');
    expect(help).toContain('--max-clusters-in-flight <n>');
    expect(help).toMatch(/--context <name> +kubeconfig context to use; repeatable/);
    expect((await kdiagInProcess(['__complete', 'scan', '--all'])).stdout).toBe('--all-contexts\n--all-namespaces\n:4\n');
    expect((await kdiagInProcess(['__complete', 'scan', '--max-c'])).stdout).toBe('--max-clusters-in-flight\n:4\n');
    expect((await kdiagInProcess(['__complete', 'scan', '--max-clusters-in-flight', ''])).stdout).toBe('1\n2\n4\n8\n16\n:4\n');
    // The other commands read one cluster: no such flags there.
    expect((await kdiagInProcess(['__complete', 'pod', '--all'])).stdout).toBe(':4\n');
  });
});
