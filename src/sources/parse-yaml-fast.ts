import jsyaml from 'js-yaml';
import { BOOL, FLOAT, FLOAT_EXP, FLOAT_SPECIAL, INT_DEC, INT_HEX, INT_OCT, NULL } from './yaml-scalars.js';

// The fast path for YAML dumps (about 15x the `yaml` package's speed on kubectl output). It reads only what
// it can read exactly like the careful reader in parse-dump-text.ts: YAML 1.2 core-schema scalars with the
// `yaml` package's own patterns (no timestamps, no `0b`/signed-hex ints, no `1_000`), no aliases, no
// directives. Anything else, and every error, returns undefined so the careful reader gives its bounded,
// line-numbered answer. The scalar patterns are the kubectl reader's (yaml-scalars.ts).

// Every plain scalar is offered to each type in turn: a first-character test spares the patterns for the
// names, images and timestamps that make up most of a dump.
const code = (s: string): number => s.charCodeAt(0);
const numberStart = (c: number): boolean => (c >= 48 && c <= 57) || c === 43 || c === 45 || c === 46; // 0-9 + - .

// Built on first use: the CLI loads js-yaml only when a dump needs it (scripts/build.mjs, lazy libraries).
let schema: jsyaml.Schema | undefined;
function coreSchemaWithoutTimestamps(): jsyaml.Schema {
  const int = new jsyaml.Type('tag:yaml.org,2002:int', {
    kind: 'scalar',
    resolve: (s: string) => numberStart(code(s)) && (INT_DEC.test(s) || INT_OCT.test(s) || INT_HEX.test(s)),
    construct: (s: string) => (INT_OCT.test(s) ? parseInt(s.slice(2), 8) : INT_HEX.test(s) ? parseInt(s.slice(2), 16) : parseInt(s, 10)),
  });
  const float = new jsyaml.Type('tag:yaml.org,2002:float', {
    kind: 'scalar',
    resolve: (s: string) => numberStart(code(s)) && (FLOAT.test(s) || FLOAT_EXP.test(s) || FLOAT_SPECIAL.test(s)),
    construct: (s: string) => (FLOAT_SPECIAL.test(s) ? (s.slice(-3).toLowerCase() === 'nan' ? NaN : s[0] === '-' ? -Infinity : Infinity) : parseFloat(s)),
  });
  const nul = new jsyaml.Type('tag:yaml.org,2002:null', { kind: 'scalar', resolve: (s: string) => s.length <= 4 && NULL.test(s), construct: () => null });
  const bool = new jsyaml.Type('tag:yaml.org,2002:bool', { kind: 'scalar', resolve: (s: string) => s.length >= 4 && s.length <= 5 && BOOL.test(s), construct: (s: string) => s[0] === 't' || s[0] === 'T' });

  return jsyaml.FAILSAFE_SCHEMA.extend({ implicit: [nul, bool, int, float] });
}

/** An alias (`*name`) where a node may start, or a directive line; a superset, so a miss cannot happen. */
const ALIAS_OR_DIRECTIVE = /(?:^|[\s[{,:?-])\*|^%/m;

/** Every document's value (empty documents dropped), or undefined when the careful reader must decide. */
export function fastYamlDocuments(text: string): unknown[] | undefined {
  if (ALIAS_OR_DIRECTIVE.test(text)) return undefined;
  const values: unknown[] = [];
  schema ??= coreSchemaWithoutTimestamps();
  try {
    jsyaml.loadAll(text, (doc) => {
      if (doc !== null && doc !== undefined) values.push(doc);
    }, { schema, json: false });
  } catch {
    return undefined; // the careful reader names the line, or reads what js-yaml refuses (custom tags)
  }
  return values;
}
