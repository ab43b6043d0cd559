import type { RuleMessages } from '../../rules/messages/index.js';
import { zhTWAdmission } from './zh-TW/admission.js';
import { zhTWCni } from './zh-TW/cni.js';
import { zhTWContainer } from './zh-TW/container.js';
import { zhTWImage } from './zh-TW/image.js';
import { zhTWKubelet } from './zh-TW/kubelet.js';
import { zhTWReadiness } from './zh-TW/readiness.js';
import { zhTWScheduling } from './zh-TW/scheduling.js';
import { zhTWShared } from './zh-TW/shared.js';
import { zhTWVolume } from './zh-TW/volume.js';

/**
 * Every rule's messages in Traditional Chinese (Taiwan), one file per stage, typed by the rules' own
 * catalogue (src/rules/messages/): a missing entry or a wrong parameter fails `tsc`. Terms follow
 * docs/glossary.zh-TW.md. Loaded and registered by src/i18n/load.ts, never imported by the English path.
 */
export const zhTWRules: RuleMessages = { ...zhTWShared, ...zhTWAdmission, ...zhTWCni, ...zhTWImage, ...zhTWContainer, ...zhTWReadiness, ...zhTWKubelet, ...zhTWScheduling,
  ...zhTWVolume };
