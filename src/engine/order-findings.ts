import { stageIndex } from '../model/stages.js';
import type { Confidence, Finding, Severity } from '../rules/types.js';

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2 };
const CONFIDENCE_RANK: Record<Confidence, number> = { high: 0, medium: 1, low: 2 };

/**
 * Primary first: errors before warnings, then the earliest lifecycle stage (the Pod is stuck at the
 * first stage that fails), then the more certain finding; ties keep registry order.
 */
export function orderFindings(findings: readonly Finding[]): Finding[] {
  if (findings.length < 2) return findings.slice(); // most Pods: nothing to order
  return findings
    .map((f, i) => ({ f, i }))
    .sort(
      (a, b) =>
        SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] ||
        stageIndex(a.f.stage) - stageIndex(b.f.stage) ||
        CONFIDENCE_RANK[a.f.confidence] - CONFIDENCE_RANK[b.f.confidence] ||
        a.i - b.i,
    )
    .map(({ f }) => f);
}
