import type { Confidence, Evidence, FailureClass, Finding, Rule, Severity } from '../types.js';

export interface FindingDraft {
  message: string;
  evidence: Evidence[];
  remediation: string[];
  confidence?: Confidence;
  /** Overrides the rule's default, e.g. `warning` while a condition is still within its grace period. */
  severity?: Severity;
  /** Overrides the rule's default class, e.g. `transient` for a Secret that may not have been seen. */
  failureClass?: FailureClass;
  title?: string;
}

/** Builds a finding of `rule`; rules call this instead of spelling out id, stage and title. */
export function finding(rule: Pick<Rule, 'id' | 'stage' | 'severity' | 'title'> & { failureClass?: FailureClass }, draft: FindingDraft): Finding {
  const severity = draft.severity ?? rule.severity;
  const failureClass = severity === 'info' ? undefined : (draft.failureClass ?? rule.failureClass ?? defaultFailureClass(severity));
  return {
    rule: rule.id,
    stage: rule.stage,
    severity,
    confidence: draft.confidence ?? 'high',
    ...(failureClass ? { failureClass } : {}),
    title: draft.title ?? rule.title,
    message: draft.message,
    evidence: draft.evidence,
    remediation: draft.remediation,
  };
}

/** For a rule that declares no class: an error counts as one a person must fix, a warning as one that may clear. */
export function defaultFailureClass(severity: Severity): FailureClass | undefined {
  return severity === 'error' ? 'deterministic' : severity === 'warning' ? 'transient' : undefined;
}
