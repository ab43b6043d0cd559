import { type Phrase, phrase } from '../phrase.js';

export const KUBELET: Record<string, readonly Phrase[]> = {
};
