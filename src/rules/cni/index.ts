import type { Rule } from '../types.js';
import cniNotInitialized from './cni-not-initialized.js';
import ipExhausted from './ip-exhausted.js';
import nodeNetworkUnavailable from './node-network-unavailable.js';
import runtimeHandlerMissing from './runtime-handler-missing.js';
import sandboxImage from './sandbox-image.js';
import sandboxNetworkFailed from './sandbox-network-failed.js';
import sandboxStuck from './sandbox-stuck.js';

/** The cni rules, sorted by id. */
export const cniRules: readonly Rule[] = [cniNotInitialized, ipExhausted, nodeNetworkUnavailable, runtimeHandlerMissing, sandboxImage, sandboxNetworkFailed, sandboxStuck];
