// Kubernetes resource quantities (https://kubernetes.io/docs/reference/kubernetes-api/common-definitions/quantity/).

const BINARY: Record<string, number> = { Ki: 2 ** 10, Mi: 2 ** 20, Gi: 2 ** 30, Ti: 2 ** 40, Pi: 2 ** 50, Ei: 2 ** 60 };
const DECIMAL: Record<string, number> = { n: 1e-9, u: 1e-6, m: 1e-3, '': 1, k: 1e3, M: 1e6, G: 1e9, T: 1e12, P: 1e15, E: 1e18 };

/** The quantity as a plain number of base units (cores for cpu, bytes for memory), or undefined. */
export function parseQuantity(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const m = /^\s*([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\s*(Ki|Mi|Gi|Ti|Pi|Ei|n|u|m|k|M|G|T|P|E)?\s*$/.exec(value);
  if (!m) return undefined;
  const n = Number(m[1]);
  const suffix = m[2] ?? '';
  const factor = BINARY[suffix] ?? DECIMAL[suffix];
  return factor === undefined ? undefined : n * factor;
}

/** Renders a quantity of the given resource for people: cpu in cores/millicores, memory in Mi/Gi. */
export function formatQuantity(resource: string, value: number): string {
  if (resource === 'cpu') return value < 1 ? `${Math.round(value * 1000)}m` : `${+value.toFixed(2)}`;
  if (resource === 'memory' || resource === 'ephemeral-storage' || resource.startsWith('hugepages-')) {
    if (value >= 2 ** 30) return `${+(value / 2 ** 30).toFixed(1)}Gi`;
    if (value >= 2 ** 20) return `${+(value / 2 ** 20).toFixed(1)}Mi`;
    if (value >= 2 ** 10) return `${+(value / 2 ** 10).toFixed(1)}Ki`;
    return `${value}`;
  }
  return `${+value.toFixed(3)}`;
}
