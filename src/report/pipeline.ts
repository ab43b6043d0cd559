import type { Diagnosis } from '../engine/diagnosis.js';
import { messagesFor, type Messages } from '../i18n/index.js';
import type { Paint } from './style.js';

const MARK = { passed: '✔', failed: '✘', pending: '·', unknown: '?' } as const;

/** `✔ scheduling → ✔ kubelet → ✘ image → · container`, coloured by state. */
export function renderPipeline(d: Diagnosis, c: Paint, t: Messages = messagesFor('en')): string {
  return d.stages
    .map(({ stage, state }) => {
      const text = `${MARK[state]} ${t.stage[stage]}`;
      if (state === 'passed') return c.green(text);
      if (state === 'failed') return c.red.bold(text);
      if (state === 'pending' && stage === d.stage) return c.yellow(text);
      return c.dim(text);
    })
    .join(c.dim(' → '));
}
