import type { RuleText } from './rule-text-type.js';
import { ADMISSION } from './rules-zh-TW/admission.js';
import { CNI } from './rules-zh-TW/cni.js';
import { CONTAINER } from './rules-zh-TW/container.js';
import { IMAGE } from './rules-zh-TW/image.js';
import { KUBELET } from './rules-zh-TW/kubelet.js';
import { READINESS } from './rules-zh-TW/readiness.js';
import { SCHEDULING } from './rules-zh-TW/scheduling.js';
import { TRAFFIC } from './rules-zh-TW/traffic.js';
import { VOLUME } from './rules-zh-TW/volume.js';

/**
 * Every rule's title and docs in Traditional Chinese (Taiwan), keyed by rule id, one file per stage.
 * test/i18n/rules-catalogue.test.ts fails when a registered rule has no complete entry here, or an entry names no rule.
 */
export const RULES_ZH_TW: Readonly<Record<string, RuleText>> = { ...ADMISSION, ...SCHEDULING, ...KUBELET, ...VOLUME, ...CNI, ...IMAGE, ...CONTAINER, ...READINESS, ...TRAFFIC };
