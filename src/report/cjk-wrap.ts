import stringWidth from 'string-width';
import { simpleColumns } from './narrow.js';

// Chinese text has no spaces between words: a line may break between any two Chinese characters, but not
// before closing punctuation (，。）」…) nor after opening punctuation (（「). Latin words, names, paths and
// commands inside it still break only at spaces (or, when longer than a line, anywhere).
const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;
const CLOSING = /^[，。、；：？！）」』》〉…・％]/;
const OPENING = /[（「『《〈]$/;

/** True when the text has Chinese characters, so cjkWrap should wrap it. */
export const hasCJK = (text: string): boolean => CJK.test(text);

/** The places a line may break: spaces, and the boundaries next to a Chinese character. */
function units(text: string): string[] {
  const out: string[] = [];
  let word = '';
  const flush = (): void => {
    if (word) out.push(word);
    word = '';
  };
  // ANSI sequences stay glued to what follows them.
  for (const part of text.match(/\u001b\[[0-9;]*m|[\s\S]/gu) ?? []) {
    if (part === ' ') {
      flush();
      out.push(' ');
    } else if (CJK.test(part)) {
      if (CLOSING.test(part)) {
        // Glued to what it closes: the unit being built, or the one just ended.
        if (word) word += part;
        else if (out.length && out[out.length - 1] !== ' ') out[out.length - 1] += part;
        else word = part;
        continue;
      }
      if (word && !OPENING.test(word) && !/\u001b\[[0-9;]*m$/.test(word)) flush();
      word += part;
      if (!OPENING.test(part)) flush();
    } else {
      if (word && CJK.test(word.slice(-1)) && !OPENING.test(word)) flush();
      word += part;
    }
  }
  flush();
  return out;
}

/** `text` (one line, no newlines) wrapped to `width` columns, breaking Chinese text between characters. */
export function cjkWrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const u of units(text)) {
    const w = simpleColumns(u) ?? stringWidth(u);
    if (u === ' ') {
      if (used > 0 && used + 1 <= width) {
        line += ' ';
        used += 1;
      }
      continue;
    }
    if (used + w > width && used > 0) {
      lines.push(line.trimEnd());
      line = '';
      used = 0;
    }
    if (w > width) {
      // Longer than a line: cut it at the width, as wrap-ansi's hard mode does.
      let piece = '';
      let pw = 0;
      for (const ch of u) {
        const cw = simpleColumns(ch) ?? stringWidth(ch);
        if (pw + cw > width) {
          lines.push(piece);
          piece = '';
          pw = 0;
        }
        piece += ch;
        pw += cw;
      }
      line = piece;
      used = pw;
      continue;
    }
    line += u;
    used += w;
  }
  if (line.trim() !== '' || lines.length === 0) lines.push(line.trimEnd());
  return lines;
}
