// What of a zh-TW line still reads as an English sentence, once the parts that stay English by design are
// set aside: quoted cluster text ("…", 「…」, `…`), commands (kubectl …, up to the next Chinese text or a
// double space), URLs. A run of three or more English words with a function word in it is a sentence left over;
// names, reasons (`Insufficient cpu`), field paths and flags are not.
const FUNCTION_WORD = /\b(the|is|are|was|were|be|been|an?|of|to|not|on|in|and|or|for|with|does|do|did|has|have|had|can|cannot|could|no|any|by|its|it|this|that|from|at|as|will|would|should|than|but|which|who|why|how|what|when|there|their|only|into|after|before|yet|so|if|then|until|because|once|still|yet|keeps|same|other|every|each)\b/i;
const CJK = '\\u3000-\\u303f\\u3400-\\u9fff\\uff00-\\uffef';
const COMMAND = new RegExp(`\\b(?:kubectl|crictl|journalctl|nslookup|curl|kdiag|skopeo|ls|cat|grep|helm|mount|showmount|df|du|systemctl|ctr|iptables|ip|nerdctl|docker|openssl)\\s[^${CJK}]*?(?=\\s{2,}|[${CJK}]|$)`, 'g');

export function englishLeft(text: string): string[] {
  const rest = text
    .replace(/「[^」]*」/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(COMMAND, ' ');
  const runs = rest.match(/[A-Za-z][A-Za-z'’-]*(?:[ ,]+[A-Za-z][A-Za-z'’-]*){2,}/g) ?? [];
  return runs.filter((r) => FUNCTION_WORD.test(r));
}
