import type { AdmissionMessages } from './admission.js';
import type { CniMessages } from './cni.js';
import type { ContainerMessages } from './container.js';
import type { ImageMessages } from './image.js';
import type { KubeletMessages } from './kubelet.js';
import type { ReadinessMessages } from './readiness.js';
import type { SchedulingMessages } from './scheduling.js';
import type { SharedMessages } from './types.js';
import type { VolumeMessages } from './volume.js';

/**
 * Every rule's messages and remediation steps, one typed entry per rule (parameters named and typed), one
 * interface per stage: a rule builds its finding from these, so a missing or mistyped translation fails `tsc`.
 * Names, images, commands and quoted cluster text are parameters, never translated. English lives beside the
 * types (src/rules/messages/<stage>.ts); other languages live in src/i18n/rule-messages/ and are registered
 * when the CLI loads the language (src/i18n/load.ts), so English runs never load them.
 */
export interface RuleMessages extends SharedMessages, AdmissionMessages, CniMessages, ImageMessages, ContainerMessages, ReadinessMessages, KubeletMessages, SchedulingMessages,
    VolumeMessages {}
