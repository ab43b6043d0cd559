import OpenCC from 'opencc-js';

// OpenCC's character table (Simplified → Traditional, Taiwan variants), one character at a time (its phrase
// table would also rewrite good Taiwan text, e.g. 說明了 → 說明瞭): a character it changes is Simplified.
const toTw = OpenCC.Converter({ from: 'cn', to: 'tw' });
// Traditional characters that OpenCC maps anyway because Simplified text uses them for another character:
// 台 (the everyday Taiwan form of 臺), 准 (准入, 批准; Simplified also writes 準 as 准).
const TRADITIONAL_TOO = new Set(['台', '准']);

/** The Simplified characters in `text`, once each. */
export const simplifiedIn = (text: string): string[] => [...new Set([...text].filter((ch) => /[\u3400-\u9fff\uf900-\ufaff]/.test(ch) && !TRADITIONAL_TOO.has(ch) && toTw(ch) !== ch))];
