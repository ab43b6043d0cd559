import { LineCounter, parseAllDocuments } from 'yaml';
import { InputError } from '../errors.js';

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
export function parseDumpText(text: string, file: string): ParsedDump {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') throw new InputError(`${file}: the file is empty`, { hint: 'pass the output of `kubectl get … -o yaml` or `kubectl cluster-info dump`' });
  if (looksBinary(body)) throw new InputError(`${file}: not a text file (binary data)`, { hint: 'kdiag reads YAML or JSON dumps, optionally gzip-compressed' });
  const first = body.trimStart()[0];
  if (first === '{' || first === '[') return parseJsonStream(body, file);
  return { values: parseYaml(body, file), logs: {} };
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

function parseYaml(text: string, file: string): unknown[] {
  const lines = new LineCounter();
  const docs = parseAllDocuments(text, { uniqueKeys: true, prettyErrors: false, lineCounter: lines });
  const list = Array.isArray(docs) ? docs : [docs];
  const values: unknown[] = [];
  for (const doc of list) {
    const error = doc.errors[0];
    if (error) {
      const line = lines.linePos(error.pos[0]).line;
      throw new InputError(`${file}${line ? `:${line}` : ''}: invalid YAML: ${firstLine(error.message)}`);
    }
    // maxAliasCount bounds "billion laughs" alias bombs.
    let value: unknown;
    try {
      value = doc.toJS({ maxAliasCount: 1000 });
    } catch (err) {
      throw new InputError(`${file}: invalid YAML: ${firstLine(err instanceof Error ? err.message : String(err))}`);
    }
    if (value !== null && value !== undefined) values.push(value);
  }
  return values;
}

function parseJsonStream(text: string, file: string): ParsedDump {
  try {
    return { values: [JSON.parse(text)], logs: {} };
  } catch {
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
    if (depth === 0 && buffer.length > 0) {
      const chunk = buffer.join('\n');
      buffer = [];
      try {
        values.push(JSON.parse(chunk));
      } catch (err) {
        throw new InputError(`${file}:${bufferStart}: invalid JSON: ${firstLine(err instanceof Error ? err.message : String(err))}`);
      }
    }
  }
  if (buffer.length > 0) throw new InputError(`${file}:${bufferStart}: invalid JSON: the document is truncated`);
  return { values, logs };
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.trim();
}
