import type { Taint, Toleration } from '../../model/k8s.js';

/** `key=value:Effect` (or `key:Effect`), as kubectl taint spells it. */
export function describeTaint(t: Taint): string {
  return `${t.key ?? ''}${t.value ? `=${t.value}` : ''}:${t.effect ?? ''}`;
}

/**
 * The API server's ToleratesTaint (k8s.io/api core/v1 toleration.go): the effect and key must match (empty
 * means any); an empty key tolerates everything only with Exists; Exists ignores the value.
 */
export function tolerates(tol: Toleration, taint: Taint): boolean {
  if (tol.effect && tol.effect !== taint.effect) return false;
  const op = tol.operator || 'Equal';
  if (!tol.key) return op === 'Exists';
  if (tol.key !== taint.key) return false;
  return op === 'Exists' || (tol.value ?? '') === (taint.value ?? '');
}
