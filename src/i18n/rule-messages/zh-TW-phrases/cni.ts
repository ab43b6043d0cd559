import { type Phrase, phrase } from '../phrase.js';

export const CNI: Record<string, readonly Phrase[]> = {
};
