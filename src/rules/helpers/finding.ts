import type { Confidence, Evidence, Finding, Rule, Severity } from '../types.js';

export interface FindingDraft {
  message: string;
  evidence: Evidence[];
  remediation: string[];
  confidence?: Confidence;
  /** Overrides the rule's default, e.g. `warning` while a condition is still within its grace period. */
  severity?: Severity;
  title?: string;
}

/** Builds a finding of `rule`; rules call this instead of spelling out id, stage and title. */
export function finding(rule: Pick<Rule, 'id' | 'stage' | 'severity' | 'title'>, draft: FindingDraft): Finding {
  return {
    rule: rule.id,
    stage: rule.stage,
    severity: draft.severity ?? rule.severity,
    confidence: draft.confidence ?? 'high',
    title: draft.title ?? rule.title,
    message: draft.message,
    evidence: draft.evidence,
    remediation: draft.remediation,
  };
}
