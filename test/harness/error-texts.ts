// Every error message, hint and reader note kdiag writes itself, found statically in src/ with the TypeScript
// compiler API and rendered as sample lines: literals as written, `${…}` in templates replaced by what they can
// be (a const's value, both arms of a `?:`, what a helper function returns, what a parameter is given at its
// call sites) or, where that is a name, a path or a number, by a typical sample value of that name (SAMPLES).
// What cannot be traced is reported as dynamic, with its place, so a new untraceable message cannot hide.
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';

/** Typical values of a name that is not English text (a path, a server, a count), by the identifier or property that holds it. */
export const SAMPLES: Record<string, string> = {
  server: 'https://10.0.0.1:6443',
  namespace: 'shop',
  namespaces: 'shop, prod',
  ns: 'shop',
  name: 'api',
  pod: 'api-7d9f-x2k',
  container: 'app',
  target: 'deploy/api',
  t: 'api',
  file: 'dump.yaml',
  path: 'dump.yaml',
  root: 'cluster-dump',
  full: 'cluster-dump/shop/pods.yaml',
  dir: 'out',
  source: '--lang',
  flag: '--output-file',
  code: 'EACCES',
  status: '500',
  value: 'frob',
  text: 'app=(',
  raw: 'many',
  opts: 'frob',
  shell: 'tcsh',
  stage: 'imag',
  id: 'image/nope',
  kind: 'Deployment',
  plural: 'pods',
  field: 'certificate-authority',
  owner: 'cluster "c"',
  userName: 'u',
  context: 'prod',
  currentContext: 'gone',
  contextName: 'prod',
  proxyUrl: 'ftp://proxy:3128',
  expected: 'PodList',
  phase: 'waiting for the answer',
  label: 'gate --timeout 5m',
  timeout: '5m',
  maxRestarts: '-1',
  settle: 'soon',
  grace: 'later',
  requestTimeout: 'fast',
  maxResponseSize: '1Ti',
  now: 'yesterday',
  output: 'out.json',
  KUBECONFIG: '/tmp/a.yaml:/tmp/b.yaml',
  kubeconfig: '/tmp/kubeconfig.yaml',
  command: 'aws',
  replacement: 'image/not-found',
  statusMessage: 'pods is forbidden: User "dev" cannot list resource "pods" in API group "" in the namespace "kube-system"',
  message: 'pods "x" not found',
  key: 'app',
  op: 'notin',
  k: 'tier',
  verb: 'list',
  line: '12',
  bufferStart: '12',
  size: '300 MiB',
  pods: '1,200',
  protocol: 'ftp:',
  host: '10.0.0.1:6443',
  pathname: '/k8s',
  close: 'api-1, api-2',
  paths: 'dump.yaml, more.yaml',
  known: 'dev, prod',
  n: '3',
  links: 'pods.yaml, sub/up.yaml',
  aliases: '12',
  me: 'kdiag',
  logs: 'many',
  args: '-c token',
  group: 'apps',
  OUTPUT_FORMATS: 'text, json, yaml, markdown',
  LANGS: 'en, zh-TW',
  STAGES: 'admission, scheduling, image',
  keys: 'metadata.name, spec.nodeName',
  toISOString: '10:00:00',
  // third-party text quoted whole: a library's or a server's message, a plugin's stderr
  err: 'Nested mappings are not allowed in compact mappings at line 3, column 9',
};

/** Values of parameters that hold kdiag's own English (a clause another message is built around): they must be translated with it. */
export const ENGLISH_SAMPLES: Record<string, string> = {
  what: 'pods in namespace shop',
  why: 'it is not a YAML mapping',
  s: '3 document(s) of kind ConfigMap',
  skipped: '3 document(s) of kind ConfigMap',
  reason: 'forbidden (needs list on deployments.apps in namespace shop)',
};

export interface ErrorText {
  /** `src/…:line`. */
  where: string;
  /** What it is: an error's message or hint, or a line kdiag writes under Notes or on stderr. */
  role: 'message' | 'hint' | 'note' | 'warning';
  /** The rendered samples (every arm of every `?:` that matters, bounded). */
  samples: string[];
  /** The sample values of names put into them (they must pass through a translation unchanged). */
  names: string[];
  /** When part of the text could not be traced: the expression. */
  dynamic?: string;
}

const MAX_VARIANTS = 16;
/** A stand-in for text that is already localised by the typed catalogue (t.…): it reads as Chinese. */
const CATALOGUE = '〔目錄〕';

interface Value {
  texts: string[];
  names: string[];
  dynamic?: string;
  /** Text written elsewhere and passed on here (a loop over the reader's warnings, an error made by a helper): counted where it is written. */
  passed?: boolean;
}
const PASSED: Value = { texts: [''], names: [], passed: true };
/** `t.report.…`, `this.t.notes.…`: the typed catalogue. */
const CATALOGUE_CALL = /^(this\.)?t\.(report|summary|notes|table|workload|markdown|gate|errors|ruleDocs|lifecycle|stage|stageState|status|severity|confidence|component|prefix|hint)\b/;
/** A hook's parameter (`onNote: (text) => warn(…)`): its text is written where the hook is called. */
const HOOK = /^(on[A-Z]\w*|line|step)$/;

const ERROR_CLASS = /^(Usage|Input|Cluster|NotFound|Timeout|Internal|HeapRoom|Deadline)Error$/;
/** Calls whose string arguments are written to the user (notes under 備註, lines on stderr). */
const NOTE_CALLS: Record<string, ErrorText['role']> = { note: 'note', warn: 'warning', fail: 'message', onNote: 'warning', onStep: 'warning', step: 'warning' };
const PUSH_TARGETS: Record<string, ErrorText['role']> = { notes: 'note', problems: 'warning' };
/** Text helpers that return (a clipped or neutralised form of) their first argument. */
const PASS_THROUGH = new Set(['clip', 'neutralize', 'shortPath', 'shown', 'String', 'firstLine', 'name', 'mib', 'size', 'seconds', 'redactText', 'neutralizeOutput']);

export function sourceFiles(root = 'src'): string[] {
  return (readdirSync(root, { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${root}/${f}`)
    .filter((f) => !f.startsWith(`${root}/rules/`) && !(f.startsWith(`${root}/i18n/`) && f !== `${root}/i18n/lang.ts`));
}

export function collectErrorTexts(files: readonly string[] = sourceFiles()): ErrorText[] {
  const sources = new Map(files.map((f) => [f, ts.createSourceFile(f, readFileSync(f, 'utf8'), ts.ScriptTarget.Latest, true)]));
  const out: ErrorText[] = [];

  const functionsNamed = (name: string, prefer: ts.SourceFile): ts.SignatureDeclaration[] => {
    const found = (sf: ts.SourceFile): ts.SignatureDeclaration[] => {
      const fns: ts.SignatureDeclaration[] = [];
      const visit = (n: ts.Node): void => {
        if (ts.isFunctionDeclaration(n) && n.name?.text === name) fns.push(n);
        if (ts.isMethodDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name) fns.push(n);
        if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer && (ts.isArrowFunction(n.initializer) || ts.isFunctionExpression(n.initializer))) fns.push(n.initializer);
        ts.forEachChild(n, visit);
      };
      visit(sf);
      return fns;
    };
    const local = found(prefer);
    return local.length > 0 ? local : [...sources.values()].filter((sf) => sf !== prefer).flatMap(found);
  };

  const callsTo = (name: string, prefer: ts.SourceFile): ts.CallExpression[] => {
    const found = (sf: ts.SourceFile): ts.CallExpression[] => {
      const calls: ts.CallExpression[] = [];
      const visit = (n: ts.Node): void => {
        if (ts.isCallExpression(n)) {
          const c = n.expression;
          if ((ts.isIdentifier(c) && c.text === name) || (ts.isPropertyAccessExpression(c) && c.name.text === name)) calls.push(n);
        }
        ts.forEachChild(n, visit);
      };
      visit(sf);
      return calls;
    };
    const local = found(prefer);
    return local.length > 0 ? local : [...sources.values()].filter((sf) => sf !== prefer).flatMap(found);
  };

  /** A const's value: in `sf`, or (`exported`) one another module exports. */
  const constNamed = (name: string, sf: ts.SourceFile, exported = false): ts.Expression | undefined => {
    let init: ts.Expression | undefined;
    const visit = (n: ts.Node): void => {
      if (init) return;
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === name && n.initializer && !ts.isArrowFunction(n.initializer)) {
        const list = n.parent;
        const statement = list.parent;
        const isExported = ts.isVariableStatement(statement) && (statement.modifiers ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
        if (ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const && (!exported || isExported)) init = n.initializer;
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
    return init;
  };

  /** The function a parameter named `name` belongs to, and its index, when `node` is inside it. */
  const parameterOf = (node: ts.Node, name: string): { fn: ts.SignatureDeclaration; index: number } | undefined => {
    for (let p: ts.Node | undefined = node.parent; p; p = p.parent) {
      if (ts.isFunctionLike(p)) {
        const index = p.parameters.findIndex((q) => ts.isIdentifier(q.name) && q.name.text === name);
        if (index >= 0) return { fn: p, index };
      }
    }
    return undefined;
  };

  const fnName = (fn: ts.SignatureDeclaration): string | undefined => {
    if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name && ts.isIdentifier(fn.name)) return fn.name.text;
    if ((ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) && ts.isVariableDeclaration(fn.parent) && ts.isIdentifier(fn.parent.name)) return fn.parent.name.text;
    return undefined;
  };

  const lit = (texts: string[], names: string[] = []): Value => ({ texts, names });
  const cross = (parts: Value[]): Value => {
    let texts = [''];
    for (const p of parts) {
      const next: string[] = [];
      for (const a of texts) for (const b of p.texts) if (next.length < MAX_VARIANTS) next.push(a + b);
      texts = next;
    }
    const dynamic = parts.find((p) => p.dynamic)?.dynamic;
    return { texts, names: parts.flatMap((p) => p.names), ...(dynamic ? { dynamic } : {}), ...(parts.some((p) => p.passed) ? { passed: true } : {}) };
  };
  const union = (values: Value[]): Value => {
    const texts = [...new Set(values.flatMap((v) => v.texts))].slice(0, MAX_VARIANTS);
    const dynamic = values.find((v) => v.dynamic)?.dynamic;
    return { texts, names: [...new Set(values.flatMap((v) => v.names))], ...(dynamic ? { dynamic } : {}), ...(values.every((v) => v.passed) ? { passed: true } : {}) };
  };
  const sample = (key: string, expr: ts.Node): Value =>
    Object.hasOwn(SAMPLES, key) ? lit([SAMPLES[key]!], [SAMPLES[key]!]) : Object.hasOwn(ENGLISH_SAMPLES, key) ? lit([ENGLISH_SAMPLES[key]!]) : { texts: ['SAMPLE'], names: [], dynamic: expr.getText() };

  const returnsOf = (fn: ts.SignatureDeclaration, depth: number): Value | undefined => {
    const body = (fn as ts.FunctionLikeDeclaration).body;
    if (!body) return undefined;
    if (!ts.isBlock(body)) return evaluate(body, depth + 1);
    const values: Value[] = [];
    const visit = (n: ts.Node): void => {
      if (ts.isFunctionLike(n) && n !== fn) return;
      if (ts.isReturnStatement(n) && n.expression) values.push(evaluate(n.expression, depth + 1));
      ts.forEachChild(n, visit);
    };
    ts.forEachChild(body, visit);
    return values.length > 0 ? union(values) : undefined;
  };

  function evaluate(e: ts.Expression, depth = 0): Value {
    if (depth > 5) return { texts: ['SAMPLE'], names: [], dynamic: e.getText() };
    if (ts.isStringLiteral(e) || ts.isNoSubstitutionTemplateLiteral(e)) return lit([e.text]);
    if (ts.isNumericLiteral(e)) return lit([e.text], [e.text]);
    if (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isNonNullExpression(e)) return evaluate(e.expression, depth);
    if (ts.isTemplateExpression(e)) {
      return cross([lit([e.head.text]), ...e.templateSpans.flatMap((s) => [evaluate(s.expression, depth + 1), lit([s.literal.text])])]);
    }
    if (ts.isConditionalExpression(e)) return union([evaluate(e.whenTrue, depth), evaluate(e.whenFalse, depth)]);
    if (ts.isBinaryExpression(e)) {
      const op = e.operatorToken.kind;
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken) return union([evaluate(e.left, depth), evaluate(e.right, depth)]);
      if (op === ts.SyntaxKind.AmpersandAmpersandToken) return evaluate(e.right, depth);
      if (op === ts.SyntaxKind.PlusToken) return cross([evaluate(e.left, depth), evaluate(e.right, depth)]);
      if (op === ts.SyntaxKind.AsteriskToken || op === ts.SyntaxKind.SlashToken || op === ts.SyntaxKind.MinusToken) return lit(['3'], ['3']);
    }
    if (ts.isIdentifier(e)) {
      if (e.text === 'undefined') return lit([]);
      if (isLoopVariable(e)) return PASSED;
      const sf = e.getSourceFile();
      const param = parameterOf(e, e.text);
      if (param) {
        const hook = param.fn.parent;
        if (ts.isPropertyAssignment(hook) && HOOK.test(hook.name.getText())) return PASSED;
        const name = fnName(param.fn);
        const given = name
          ? callsTo(name, sf)
              .map((c) => c.arguments[param.index])
              .filter((a): a is ts.Expression => a !== undefined)
              .map((a) => evaluate(a, depth + 1))
              .map((v) => ({ ...v, texts: v.texts.filter((t) => t !== '') }))
              .filter((v) => !v.dynamic && v.texts.length > 0)
          : [];
        return given.length > 0 ? union(given) : sample(e.text, e);
      }
      if (Object.hasOwn(SAMPLES, e.text) || Object.hasOwn(ENGLISH_SAMPLES, e.text)) return sample(e.text, e);
      const init = constNamed(e.text, sf) ?? [...sources.values()].map((other) => constNamed(e.text, other, true)).find((x) => x !== undefined);
      if (init && !ts.isObjectLiteralExpression(init) && !ts.isArrayLiteralExpression(init)) return evaluate(init, depth + 1);
      return sample(e.text, e);
    }
    if (ts.isPropertyAccessExpression(e)) {
      if (CATALOGUE_CALL.test(e.getText())) return lit([CATALOGUE]);
      if (e.name.text === 'length') return lit(['2'], ['2']);
      return sample(e.name.text, e);
    }
    if (ts.isElementAccessExpression(e)) {
      const of = e.expression;
      if (CATALOGUE_CALL.test(of.getText())) return lit([CATALOGUE]);
      if (ts.isIdentifier(of) && Object.hasOwn(PUSH_TARGETS, of.text)) return PASSED;
      if (ts.isCallExpression(of) && ts.isPropertyAccessExpression(of.expression) && of.expression.name.text === 'split') return evaluate(of.expression.expression, depth + 1);
      if (ts.isIdentifier(of)) {
        const init = constNamed(of.text, of.getSourceFile());
        if (init && ts.isObjectLiteralExpression(init)) {
          return union(init.properties.filter(ts.isPropertyAssignment).slice(0, 4).map((p) => evaluate(p.initializer, depth + 1)));
        }
      }
      return sample(of.getText().split('.').pop()!, e);
    }
    if (ts.isNewExpression(e) && ts.isIdentifier(e.expression) && ERROR_CLASS.test(e.expression.text)) return PASSED;
    if (ts.isCallExpression(e)) {
      const callee = e.expression;
      const text = callee.getText();
      // `say({ text })`, `t.errors.text({ text })`: the English text, rendered through the phrases (what this test checks)
      const only = e.arguments.length === 1 ? e.arguments[0]! : undefined;
      if (only && ts.isObjectLiteralExpression(only) && only.properties.length === 1) {
        const p = only.properties[0]!;
        if (ts.isPropertyAssignment(p) && p.name.getText() === 'text') return evaluate(p.initializer, depth + 1);
        if (ts.isShorthandPropertyAssignment(p) && p.name.text === 'text') return PASSED;
      }
      if (CATALOGUE_CALL.test(text) || text.startsWith('messagesFor(') || text === 'renderPipeline') return lit([CATALOGUE]);
      if (text.startsWith('Math.')) return lit(['75'], ['75']);
      if (ts.isPropertyAccessExpression(callee)) {
        const method = callee.name.text;
        if (method === 'join') {
          const items = evaluate(callee.expression, depth + 1);
          return items.dynamic ? sample(callee.expression.getText().split('.').pop()!.replace(/\W.*$/, ''), e) : items;
        }
        if (method === 'toLowerCase') {
          const v = evaluate(callee.expression, depth + 1);
          return { ...v, texts: v.texts.map((t) => t.toLowerCase()), names: v.names.map((t) => t.toLowerCase()) };
        }
        if (['replace', 'trim', 'trimEnd', 'slice', 'toFixed', 'toString', 'split'].includes(method)) return evaluate(callee.expression, depth + 1);
        if (method === 'map' && ts.isArrowFunction(e.arguments[0]!)) return returnsOf(e.arguments[0] as ts.ArrowFunction, depth) ?? sample(method, e);
      }
      const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
      if (name && PASS_THROUGH.has(name) && e.arguments[0]) {
        const v = evaluate(e.arguments[0], depth + 1);
        if (name === 'seconds') return lit(['10s'], ['10s']);
        return name === 'mib' || name === 'size' ? lit(['64 MiB'], ['64 MiB']) : v;
      }
      if (name) {
        // A call of a parameter (`what()`): what the call sites pass, when they pass arrow functions.
        const param = ts.isIdentifier(callee) ? parameterOf(e, name) : undefined;
        if (param) {
          const owner = fnName(param.fn);
          const given = owner
            ? callsTo(owner, e.getSourceFile())
                .map((c) => c.arguments[param.index])
                .filter((a): a is ts.ArrowFunction => a !== undefined && ts.isArrowFunction(a))
                .map((a) => returnsOf(a, depth))
                .filter((v): v is Value => v !== undefined && !v.dynamic)
            : [];
          if (given.length > 0) return union(given);
        }
        const fns = functionsNamed(name, e.getSourceFile());
        const values = fns.map((fn) => returnsOf(fn, depth)).filter((v): v is Value => v !== undefined);
        if (values.length > 0) return union(values);
      }
      return sample(name ?? 'call', e);
    }
    if (ts.isArrayLiteralExpression(e)) return cross(e.elements.map((x, i) => (i === 0 ? evaluate(x as ts.Expression, depth) : cross([lit([', ']), evaluate(x as ts.Expression, depth)]))));
    return { texts: ['SAMPLE'], names: [], dynamic: e.getText() };
  }

  const add = (node: ts.Node, role: ErrorText['role'], expr: ts.Expression): void => {
    const v = evaluate(expr);
    if (v.passed || v.texts.length === 0) return;
    const sf = node.getSourceFile();
    const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    out.push({ where: `${sf.fileName}:${line}`, role, samples: v.texts, names: v.names, ...(v.dynamic ? { dynamic: v.dynamic } : {}) });
  };
  const hintOf = (node: ts.Node, arg: ts.Expression | undefined): void => {
    if (arg && ts.isObjectLiteralExpression(arg)) {
      for (const p of arg.properties) if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === 'hint' && !passedOn(p.initializer)) add(p, 'hint', p.initializer);
    }
  };

  for (const sf of sources.values()) {
    const visit = (n: ts.Node): void => {
      if (ts.isNewExpression(n) && ts.isIdentifier(n.expression) && ERROR_CLASS.test(n.expression.text)) {
        const args = n.arguments ?? [];
        const cls = n.expression.text;
        const [message, options] = cls === 'ClusterError' || cls === 'DeadlineError' ? [args[1], args[2]] : [args[0], args[1]];
        if (message && !passedOn(message)) add(n, 'message', message);
        if (cls === 'DeadlineError' && options) add(n, 'hint', options);
        else hintOf(n, options);
      }
      // The lines a reader writes to stderr, gathered in a `warnings` list before they are printed.
      if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.name.text === 'warnings' && n.initializer) {
        const maps = (x: ts.Node): void => {
          if (ts.isCallExpression(x) && ts.isPropertyAccessExpression(x.expression) && x.expression.name.text === 'map' && x.arguments[0] && ts.isArrowFunction(x.arguments[0]) && !ts.isBlock(x.arguments[0].body)) add(x, 'warning', x.arguments[0].body);
          ts.forEachChild(x, maps);
        };
        maps(n.initializer);
      }
      if (ts.isCallExpression(n)) {
        const c = n.expression;
        const name = ts.isIdentifier(c) ? c.text : ts.isPropertyAccessExpression(c) ? c.name.text : '';
        // A file's own `fail(why)` composes `why` into its error, where that error is read; a `fail` parameter is a sink.
        const composed = name === 'fail' && (isAdapter(n) || functionsNamed('fail', sf).some((f) => f.getSourceFile() === sf));
        if (Object.hasOwn(NOTE_CALLS, name) && n.arguments[0] && !composed) {
          add(n, NOTE_CALLS[name]!, n.arguments[0]);
          if (name === 'fail' && n.arguments[1]) add(n, 'hint', n.arguments[1]);
        }
        if (name === 'push' && ts.isPropertyAccessExpression(c)) {
          const target = c.expression.getText().split('.').pop()!;
          if (Object.hasOwn(PUSH_TARGETS, target)) for (const a of n.arguments) if (!ts.isSpreadElement(a)) add(n, PUSH_TARGETS[target]!, a);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return out;
}

/** `for (const w of warnings) warn(\`kdiag: ${w}\`)`: the lines were written where the list was filled. */
function isLoopVariable(e: ts.Identifier): boolean {
  for (let p: ts.Node | undefined = e.parent; p; p = p.parent) {
    if (ts.isForOfStatement(p) && ts.isVariableDeclarationList(p.initializer) && p.initializer.declarations.some((d) => d.name.getText() === e.text)) return true;
    if (ts.isFunctionLike(p) && p.parameters.some((q) => q.name.getText() === e.text)) return false;
  }
  return false;
}

/**
 * An error made of another error's text (`new TimeoutError(err.message, { hint: err.hint })`) or of an adapter's
 * parameter (`(m, h) => new ClusterError('E_TOO_LARGE', m, { hint: h })`): its text is found where it was written.
 */
function passedOn(e: ts.Expression): boolean {
  if (ts.isIdentifier(e)) {
    for (let p: ts.Node | undefined = e.parent; p; p = p.parent) {
      if (ts.isFunctionLike(p)) return p.parameters.some((q) => q.name.getText() === e.text) && (ts.isArrowFunction(p) || ts.isFunctionExpression(p));
    }
    return false;
  }
  return ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.expression) && e.expression.text === 'err' && ['message', 'hint'].includes(e.name.text);
}

/** `fail(err)`, `fail(new …Error(…))`: a call that passes an error on (its text is found where it is made). */
function isAdapter(call: ts.CallExpression): boolean {
  const a = call.arguments[0]!;
  return ts.isNewExpression(a) || (ts.isIdentifier(a) && /^err/.test(a.text)) || ts.isAsExpression(a);
}
