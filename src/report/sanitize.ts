// The neutralisation layer lives in src/text/ (below sources and reporters); reporters may keep importing it from here.
import type { Messages } from '../i18n/messages.js';
import { CLIP_MARKER, clip } from '../text/neutralize.js';

export { clip, neutralize } from '../text/neutralize.js';

/** Every clip marker in `text` in the report's language (JSON keeps them as they are). */
export function relabelClips(text: string, t: Pick<Messages, 'lang' | 'report'>): string {
  return t.lang === 'en' || !text.includes('… [') ? text : text.replace(CLIP_MARKER, (_, n: string) => t.report.clipped({ n: Number(n) }));
}

/** clip, and the markers in what it returns (its own and any made upstream) in the report's language. */
export function clipIn(t: Pick<Messages, 'lang' | 'report'>, text: string, max: number): string {
  return relabelClips(clip(text, max), t);
}
