import { enAdmission } from './admission.js';
import { enCni } from './cni.js';
import { enContainer } from './container.js';
import { enShared } from './en-shared.js';
import { enImage } from './image.js';
import { enKubelet } from './kubelet.js';
import type { RuleMessages } from './catalogue.js';
import { enReadiness } from './readiness.js';
import { enScheduling } from './scheduling.js';
import { enVolume } from './volume.js';

/** Every rule's English messages: exactly what the rules printed before they were converted (their tests pin it). */
export const enRules: RuleMessages = { ...enShared, ...enAdmission, ...enCni, ...enImage, ...enContainer, ...enReadiness, ...enKubelet, ...enScheduling,
  ...enVolume };
