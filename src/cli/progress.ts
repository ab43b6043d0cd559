import { messagesFor } from '../i18n/index.js';
import type { Lang } from '../i18n/lang.js';

/** A spinner on stderr, only on a TTY (CI logs stay clean); sources report steps through `step`. */
export interface Progress {
  step(text: string): void;
  stop(): void;
}

/** `lang`: the run's language (the sources word their steps in English; the error phrases translate them). */
export async function startProgress(enabled: boolean, lang?: Lang): Promise<Progress> {
  if (!enabled || !process.stderr.isTTY || process.env.CI) return { step: () => {}, stop: () => {} };
  const { default: ora } = await import('ora');
  const say = messagesFor(lang).errors.text;
  const spinner = ora({ stream: process.stderr, text: say({ text: 'connecting' }) }).start();
  return { step: (text) => (spinner.text = say({ text })), stop: () => spinner.stop() };
}
