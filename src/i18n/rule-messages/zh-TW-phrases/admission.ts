import { type Phrase, phrase } from '../phrase.js';

export const ADMISSION: Record<string, readonly Phrase[]> = {
};
