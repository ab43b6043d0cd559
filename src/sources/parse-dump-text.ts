import { Composer, LineCounter, Parser } from 'yaml';
import { fastYamlDocuments } from './parse-yaml-fast.js';
import { kubectlYamlDocuments } from './yaml-kubectl.js';
import { InputError } from '../errors.js';
import { clip, neutralize } from '../text/neutralize.js';
import { MAX_NESTING, nestedDeeperThan } from './build-snapshot.js';
import { aliasExpansionProblem } from './yaml-alias-budget.js';

export interface ParsedDump {
  values: unknown[];
  /** Container logs found in `kubectl cluster-info dump` stdout, keyed `namespace/pod/container`. */
  logs: Record<string, string>;
}

const LOG_START = /^==== START logs for container (\S+) of pod ([^/\s]+)\/(\S+) ====$/;

/**
 * Parses one dump's text: a JSON document, concatenated JSON documents (`kubectl cluster-info dump`
 * stdout, with its log sections), or multi-document YAML. Errors name the file and line.
 */
export function parseDumpText(text: string, file: string, options: { sliceAbove?: number } = {}): ParsedDump {
  const name = neutralize(file);
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new InputError(`${name}: the file is empty`, { hint: 'pass the output of `kubectl get … -o yaml` or `kubectl cluster-info dump`' });
  if (looksBinary(body)) throw new InputError(`${name}: not a text file (binary data)`, { hint: 'kdiag reads YAML or JSON dumps, optionally gzip-compressed' });
  const first = body.trimStart()[0];
  if (first === '{' || first === '[') return parseJsonStream(body, name);
  return { values: parseYaml(body, name, options.sliceAbove ?? SLICE_ABOVE), logs: {} };
}

function looksBinary(text: string): boolean {
  const sample = text.slice(0, 4096);
  let bad = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if (c === 0) return true;
    if ((c < 9 || (c > 13 && c < 32)) && c !== 27) bad++;
  }
  return bad > sample.length / 10;
}

/** A parsed document deeper than any Kubernetes object is refused before anything recurses over it. */
function checkDepth(value: unknown, where: string): unknown {
  if (nestedDeeperThan(value)) throw new InputError(`${where}: the document is nested more than ${MAX_NESTING} levels deep; Kubernetes objects never are`);
  return value;
}

/** A parser's message, safe for one terminal line (V8's JSON errors quote the input). */
function reason(err: unknown): string {
  // The YAML composer recurses; it reports a stack overflow as a parse error (a RangeError elsewhere).
  if (err instanceof Error && /maximum call stack/i.test(err.message)) return 'the document is nested too deeply';
  return clip(firstLine(err instanceof Error ? err.message : String(err)), 160);
}

/** Above this size (characters), a YAML `kind: List` is parsed a slice of items at a time (see parseListInSlices). */
const SLICE_ABOVE = 8 * 2 ** 20;
const ITEMS_PER_SLICE = 2000;
/** A slice the fast readers step aside from is read again this many items at a time: the careful reader reads only those. */
const ITEMS_PER_CAREFUL_SLICE = 50;

function parseYaml(text: string, file: string, sliceAbove: number): unknown[] {
  // What kubectl writes, read by a reader made for it (it steps aside for anything else; no deeper than 100 levels).
  const kubectl = kubectlYamlDocuments(text);
  if (kubectl) return kubectl;
  // A large List it stepped aside from, most often for one broken or unusual item: a slice of items at a time,
  // so that js-yaml and the careful reader read the items they must, not the whole file again.
  if (text.length > sliceAbove) {
    const sliced = parseListInSlices(text, file);
    if (sliced) return sliced;
  }
  // Else js-yaml; for what it steps aside from (an error, an alias, a directive, a custom tag), the exact, bounded reader.
  return readJsYaml(text) ?? parseYamlDocuments(text, file, 0);
}

/** js-yaml's values, or undefined when the careful reader must decide (what it steps aside from, or too deep). */
function readJsYaml(text: string): unknown[] | undefined {
  const fast = fastYamlDocuments(text);
  return fast && !fast.some((value) => nestedDeeperThan(value)) ? fast : undefined;
}

/** The fast readers' values (the kubectl reader's, else js-yaml's), or undefined when the careful reader must decide. */
function readFast(text: string): unknown[] | undefined {
  return kubectlYamlDocuments(text) ?? readJsYaml(text);
}

/** The careful reader alone (no fast path), for tests that hold the fast readers to it. */
export function carefulYamlDocuments(text: string, file = 'test.yaml'): unknown[] {
  return parseYamlDocuments(text, file, 0);
}

/**
 * Each document is converted and dropped as soon as it is composed, so a multi-document file never holds
 * every document's syntax tree at once. `lineOffset` maps line numbers of a slice back to the file.
 */
function parseYamlDocuments(text: string, file: string, lineOffset: number, syntaxErrorAt?: (pos: number) => void): unknown[] {
  const lines = new LineCounter();
  const values: unknown[] = [];
  const where = (pos: number | undefined): string => {
    const line = pos === undefined ? 0 : lines.linePos(pos).line;
    return `${file}${line ? `:${line + lineOffset}` : ''}`;
  };
  const mayAlias = text.includes('*'); // no alias without an asterisk: the budget pass is skipped
  try {
    const composer = new Composer({ uniqueKeys: true, logLevel: 'error' }); // 'error': no process warnings quoting the input
    for (const doc of composer.compose(new Parser(lines.addNewLine).parse(text))) {
      const error = doc.errors[0];
      if (error) {
        syntaxErrorAt?.(error.pos[0]);
        throw new InputError(`${where(error.pos[0])}: invalid YAML: ${reason(error)}`);
      }
      // maxAliasCount bounds how many alias nodes "billion laughs" expands; the budget, how many bytes they repeat.
      const amplified = mayAlias && aliasExpansionProblem(doc, doc.range[2] - doc.range[0]);
      if (amplified) throw new InputError(`${where(doc.range[0])}: ${amplified}`, { hint: 'kubectl never writes YAML aliases: dump the objects with kubectl get … -o yaml' });
      let value: unknown;
      try {
        value = doc.toJS({ maxAliasCount: 1000 });
      } catch (err) {
        throw new InputError(`${where(doc.range[0])}: invalid YAML: ${reason(err)}`);
      }
      if (value !== null && value !== undefined) values.push(checkDepth(value, where(doc.range[0])));
    }
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError(`${file}: invalid YAML: ${reason(err)}`);
  }
  return values;
}

/**
 * `kubectl get … -o yaml` prints one `kind: List` document whose `items:` sequence holds everything. The
 * YAML parser keeps the syntax tree of a whole document in memory (about 40 bytes per byte of input), so a
 * large List is parsed as its top-level keys plus slices of `ITEMS_PER_SLICE` items, which gives the same
 * values. A file is sliced because the kubectl reader stepped aside from it as a whole, most often for one
 * broken or unusual item: each slice goes through the fast readers again, and one they step aside from is
 * read `ITEMS_PER_CAREFUL_SLICE` items at a time, so the careful reader (many times slower, and about 40 bytes
 * of syntax tree per byte) reads only the few items it must. Returns undefined when the text is not shaped
 * like that, to parse it whole instead.
 */
function parseListInSlices(text: string, file: string): unknown[] | undefined {
  if (/^(?:---|\.\.\.|%)/m.test(text)) return undefined; // several documents or directives: not the simple shape
  const header = /^items:[ \t]*\r?\n/m.exec(text);
  if (!header || /^items:/m.test(text.slice(header.index + header[0].length))) return undefined;
  const start = header.index + header[0].length;
  const itemStarts: number[] = [];
  let indent = -1;
  let end = text.length;
  for (let pos = start; pos < text.length; ) {
    const next = text.indexOf('\n', pos);
    const lineEnd = next < 0 ? text.length : next + 1;
    const line = text.slice(pos, Math.min(lineEnd, pos + 256));
    const spaces = line.length - line.trimStart().length;
    const rest = line.slice(spaces);
    if (rest.trim() !== '' && !rest.startsWith('#')) {
      if (indent < 0) {
        if (!/^-(?:[ \t]|\r?\n|$)/.test(rest)) return undefined;
        indent = spaces;
      }
      if (spaces < indent || (spaces === indent && !/^-(?:[ \t]|\r?\n|$)/.test(rest))) {
        end = pos;
        break;
      }
      if (spaces === indent) itemStarts.push(pos);
    }
    pos = lineEnd;
  }
  if (itemStarts.length === 0 || (end < text.length && /^[ \t]/.test(text.slice(end, end + 1)))) return undefined;
  const lineOf = (pos: number): number => {
    let n = 0;
    for (let i = text.indexOf('\n'); i >= 0 && i < pos; i = text.indexOf('\n', i + 1)) n++;
    return n;
  };
  const itemLines = lineOf(end) - lineOf(start);
  // The List's own keys around `items:` (apiVersion, kind, metadata) with an empty list in its place: a few
  // lines for the fast readers. The careful reader, when they step aside, gets as many empty lines as the
  // items took, so that an error after them is named on its line in the file (a million empty lines took it
  // over a second).
  const before = text.slice(0, header.index);
  const after = text.slice(end);
  let top = readFast(`${before}items: []\n${after}`);
  if (!top) {
    // An error the careful reader finds in the empty list or its padding is about where the items end (a
    // line at a lesser indentation among them): only the whole file names its line.
    const padded = `${before}items: []\n${'\n'.repeat(itemLines)}`;
    let atItems = false;
    try {
      top = parseYamlDocuments(padded + after, file, 0, (pos) => (atItems = pos >= before.length && pos < padded.length));
    } catch (err) {
      if (atItems) return undefined;
      throw err;
    }
  }
  const list = top[0];
  if (top.length !== 1 || !list || typeof list !== 'object' || Array.isArray(list)) return undefined;
  const items: unknown[] = [];
  // Each slice is read under the List's own keys up to `items:`, as it stands in the file: alone, a slice
  // is a document of another shape (a top-level sequence), where an error can be found at another place.
  const head = text.slice(0, start);
  const headLines = lineOf(start);
  let line = lineOf(itemStarts[0]!);
  /** Items [first, first + count) into `items`; false when the whole file must decide. */
  const read = (first: number, count: number, careful: boolean): boolean => {
    const last = Math.min(first + count, itemStarts.length);
    const from = itemStarts[first]!;
    const slice = text.slice(from, last < itemStarts.length ? itemStarts[last]! : end);
    let values = readFast(head + slice);
    // The fast readers step aside from this slice: its items a few at a time, the careful reader for those
    // they must; unless an alias may tie an item to an anchor in another (no `*`, no alias).
    if (!values && !careful && !slice.includes('*')) {
      for (let i = first; i < last; i += ITEMS_PER_CAREFUL_SLICE) if (!read(i, ITEMS_PER_CAREFUL_SLICE, true)) return false;
      return true;
    }
    if (!values) {
      // A syntax error found before the slice's last item is found where the whole file has it: the text up
      // to it is the same. One found later may depend on what follows the slice (a quote left open runs on
      // to its end): then the rest of the file, read as it stands, gives the whole file's error.
      const lastItem = head.length + (itemStarts[last - 1]! - from);
      let runsOn = true;
      try {
        values = parseYamlDocuments(head + slice, file, line - headLines, (pos) => (runsOn = pos >= lastItem));
      } catch (err) {
        if (!(err instanceof InputError) || !runsOn) throw err;
        parseYamlDocuments(head + text.slice(from), file, line - headLines);
        return false; // the rest reads cleanly as a whole: the whole file decides
      }
    }
    const seq = (values[0] as { items?: unknown } | null | undefined)?.items;
    if (values.length !== 1 || typeof values[0] !== 'object' || Array.isArray(values[0]) || !Array.isArray(seq)) return false;
    for (const item of seq) items.push(item);
    for (let j = slice.indexOf('\n'); j >= 0; j = slice.indexOf('\n', j + 1)) line++;
    return true;
  };
  for (let i = 0; i < itemStarts.length; i += ITEMS_PER_SLICE) if (!read(i, ITEMS_PER_SLICE, false)) return undefined;
  (list as { items?: unknown }).items = items;
  return [list];
}

function parseJsonStream(text: string, file: string): ParsedDump {
  try {
    return { values: [checkDepth(JSON.parse(text), file)], logs: {} };
  } catch (err) {
    if (err instanceof InputError) throw err;
    // Several JSON documents one after another, possibly with log sections between them.
  }
  const values: unknown[] = [];
  const logs: Record<string, string> = {};
  const lines = text.split('\n');
  let buffer: string[] = [];
  let bufferStart = 0;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (depth === 0 && buffer.length === 0) {
      const start = LOG_START.exec(line.trim());
      if (start) {
        const end = `==== END logs for container ${start[1]} of pod ${start[2]}/${start[3]} ====`;
        const body: string[] = [];
        while (++i < lines.length && lines[i]!.trim() !== end) body.push(lines[i]!);
        logs[`${start[2]}/${start[3]}/${start[1]}`] = body.join('\n');
        continue;
      }
      if (line.trim() === '') continue;
      bufferStart = i + 1;
    }
    buffer.push(line);
    for (const ch of line) {
      if (inString) {
        if (escaped) escaped = false;
        else if (ch === '\\') escaped = true;
        else if (ch === '"') inString = false;
      } else if (ch === '"') inString = true;
      else if (ch === '{' || ch === '[') depth++;
      else if (ch === '}' || ch === ']') depth--;
    }
    if (depth <= 0 && buffer.length > 0) {
      const chunk = buffer.join('\n');
      buffer = [];
      depth = 0;
      inString = false;
      escaped = false;
      let value: unknown;
      try {
        value = JSON.parse(chunk);
      } catch (err) {
        throw new InputError(`${file}:${bufferStart}: invalid JSON: ${reason(err)}`);
      }
      values.push(checkDepth(value, `${file}:${bufferStart}`));
    }
  }
  if (buffer.length > 0) throw new InputError(`${file}:${bufferStart}: invalid JSON: the document is truncated`);
  return { values, logs };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
