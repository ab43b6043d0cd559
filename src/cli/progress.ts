import { messagesFor } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';
import { startStatusLine } from './terminal.js';

/** A status line on stderr, only on a terminal that says its width (CI logs stay clean); sources report steps through `step`. */
export interface Progress {
  step(text: string): void;
  stop(): void;
}

/** `lang`: the run's language (the sources word their steps in English; the error phrases translate them). */
export function startProgress(enabled: boolean, lang?: Lang): Progress {
  if (!enabled) return { step: () => {}, stop: () => {} };
  const say = messagesFor(lang).errors.text;
  const status = startStatusLine(say({ text: 'connecting' }));
  return { step: (text) => status.set(say({ text })), stop: () => status.stop() };
}
