// node-versions: Node's own error codes and messages, rendered in zh-TW through the CLI
// Errors, hints and reader notes in zh-TW: one line (and a hint), the same exit code as in English; names,
// paths, flags and commands kept; what no phrase covers stays English rather than half-translated.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en } from '../../src/i18n/en.js';
import { zhTW } from '../../src/i18n/zh-TW.js';
import { englishLeft } from '../harness/english-left.js';
import { kdiag, kdiagInProcess } from '../support/cli.js';

const FIXTURE = 'fixtures/real/volume-missing-configmap.yaml';

describe('errors in zh-TW', () => {
  const cases: { args: string[]; code: number; zh: string[]; en: string }[] = [
    { args: ['pod', '-f', FIXTURE], code: 2, zh: ['kdiag：缺少必要的引數「name」', '提示：執行 kdiag --help 查看用法'], en: "kdiag: missing required argument 'name'\nhint: run kdiag --help for usage" },
    { args: ['pod', 'x', '--bogus'], code: 2, zh: ['kdiag：不認識的選項「--bogus」'], en: "kdiag: unknown option '--bogus'" },
    { args: ['frob'], code: 2, zh: ['kdiag：不認識的指令「frob」'], en: "kdiag: unknown command 'frob'" },
    { args: ['pod', 'nope', '-f', FIXTURE], code: 4, zh: ['kdiag：輸入中找不到 pod「nope」'], en: 'kdiag: pod "nope" not found in the input' },
    { args: ['pod', 'x', '-o', 'nope', '-f', FIXTURE], code: 2, zh: ['kdiag：不認識的輸出格式「nope」', '提示：請使用其中之一：text、json、yaml、markdown、wide'], en: 'kdiag: unknown output format "nope"' },
    { args: ['explain', 'image/nope'], code: 2, zh: ['kdiag：不認識的規則「image/nope」', '提示：您是不是要找：image/not-found'], en: 'kdiag: unknown rule "image/nope"' },
    { args: ['analyze', 'fixtures/no-such-file.yaml'], code: 2, zh: ['kdiag：fixtures/no-such-file.yaml：沒有這個檔案或目錄'], en: 'kdiag: fixtures/no-such-file.yaml: no such file or directory' },
  ];

  for (const c of cases) {
    it(`kdiag ${c.args.join(' ')}: exit ${c.code}, in Chinese with --lang zh-TW and unchanged in English`, async () => {
      const zh = await kdiagInProcess([...c.args, '--lang', 'zh-TW']);
      const english = await kdiagInProcess(c.args);
      expect(zh.code).toBe(c.code);
      expect(english.code).toBe(c.code);
      expect(zh.stdout).toBe('');
      for (const line of c.zh) expect(zh.stderr).toContain(line);
      expect(english.stderr).toContain(c.en);
      for (const line of zh.stderr.trim().split('\n')) expect(englishLeft(line), line).toEqual([]);
    });
  }

  // The rarer kubeconfig and exec-plugin errors, each thrown for real by a kubeconfig written here.
  const dir = mkdtempSync(join(tmpdir(), 'kdiag-i18n-kubeconfig-'));
  const config = (name: string, body: string): string => {
    writeFileSync(join(dir, name), body);
    return join(dir, name);
  };
  const cluster = 'clusters: [{name: c, cluster: {server: "https://127.0.0.1:1"}}]\n';
  const noContext = config('no-context.yaml', `apiVersion: v1\nkind: Config\n${cluster}contexts: [{name: x, context: {cluster: c, user: u}}]\nusers: [{name: u, user: {token: t}}]\n`);
  const execFails = config('exec-fails.yaml', `apiVersion: v1\nkind: Config\n${cluster}contexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\nusers: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: sh, args: ["-c", "echo no token here >&2; exit 3"]}}}]\n`);
  const execJunk = config('exec-junk.yaml', `apiVersion: v1\nkind: Config\n${cluster}contexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\nusers: [{name: u, user: {exec: {apiVersion: client.authentication.k8s.io/v1, command: sh, args: ["-c", "echo hello"]}}}]\n`);
  const context = 'contexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n';
  const noCaFile = config('no-ca-file.yaml', `apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "https://127.0.0.1:1", certificate-authority: ${join(dir, 'missing-ca.crt')}}}]\n${context}users: [{name: u, user: {token: t}}]\n`);
  const noTokenFile = config('no-token-file.yaml', `apiVersion: v1\nkind: Config\n${cluster}${context}users: [{name: u, user: {tokenFile: ${join(dir, 'missing-token')}}}]\n`);
  const lostContext = config('lost-context.yaml', `apiVersion: v1\nkind: Config\n${cluster}contexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: gone\nusers: [{name: u, user: {token: t}}]\n`);
  const twoDocs = config('two-docs.yaml', `apiVersion: v1\nkind: Config\n${cluster}${context}users: [{name: u, user: {token: t}}]\n---\napiVersion: v1\nkind: Config\n`);
  const notPem = config('not-pem.yaml', `apiVersion: v1\nkind: Config\n${cluster}${context}users: [{name: u, user: {client-certificate-data: ${Buffer.from('not a certificate').toString('base64')}, client-key-data: ${Buffer.from('not a key').toString('base64')}}}]\n`);
  const rare: { name: string; args: string[]; zh: string[]; en: string }[] = [
    { name: 'a certificate-authority file that is missing', args: ['pod', 'x', '--kubeconfig', noCaFile], zh: [`無法讀取 kubeconfig 中 cluster「c」的 certificate-authority 檔案「${join(dir, 'missing-ca.crt')}」（ENOENT）`], en: 'cannot read the certificate-authority file' },
    { name: 'a tokenFile that is missing', args: ['pod', 'x', '--kubeconfig', noTokenFile], zh: [`無法讀取 kubeconfig 中使用者「u」的 tokenFile「${join(dir, 'missing-token')}」（ENOENT）`], en: 'cannot read the tokenFile' },
    { name: 'a current-context that names no context', args: ['pod', 'x', '--kubeconfig', lostContext], zh: ['kubeconfig 的 current-context「gone」不在 kubeconfig 中', '提示：用 --context NAME 選一個'], en: 'current-context "gone" is not in the kubeconfig' },
    { name: 'a kubeconfig of two YAML documents', args: ['pod', 'x', '--kubeconfig', twoDocs], zh: ['：它含有不只一份 YAML 文件'], en: 'it holds more than one YAML document' },
    { name: 'certificate data that is not PEM', args: ['pod', 'x', '--kubeconfig', notPem], zh: ['context「x」在 kubeconfig 中的憑證無法使用：', '提示：certificate-authority(-data)、client-certificate(-data) 與 client-key(-data) 必須是 PEM 格式'], en: 'certificates for context "x" cannot be used' },
    { name: 'a kubeconfig that is a directory', args: ['pod', 'x', '--kubeconfig', dir], zh: [`kubeconfig「${dir}」不是一般檔案`, '提示：請讓 --kubeconfig 或 $KUBECONFIG 指向 kubeconfig 檔案'], en: 'is not a regular file' },
    { name: 'a kubeconfig with no current context', args: ['pod', 'x', '--kubeconfig', noContext], zh: ['kubeconfig 沒有目前的 context', '提示：用 --context NAME 選一個'], en: 'the kubeconfig has no current context' },
    { name: 'an exec plugin that fails', args: ['pod', 'x', '--kubeconfig', execFails], zh: ['exec 認證外掛程式「sh」失敗（結束代碼 3）：no token', // the word after token is masked, whatever it is
 '提示：自己執行它看看原因：sh -c'], en: 'the exec credential plugin "sh" failed (exit 3)' },
    { name: 'an exec plugin that prints no ExecCredential', args: ['pod', 'x', '--kubeconfig', execJunk], zh: ['exec 認證外掛程式「sh」印出的不是 ExecCredential（不是 JSON）'], en: 'printed something that is not an ExecCredential' },
  ];
  for (const c of rare) {
    it(`${c.name}: one line in Chinese, the same exit code as in English`, async () => {
      const zh = await kdiagInProcess([...c.args, '--lang', 'zh-TW']);
      const english = await kdiagInProcess(c.args);
      expect(zh.code).toBe(english.code);
      expect(zh.code).not.toBe(0);
      for (const line of c.zh) expect(zh.stderr).toContain(line);
      expect(english.stderr).toContain(c.en);
    });
  }

  it('size-limit errors and their hints read as Chinese, the figures and flags kept', () => {
    const lines = [
      'the API server at https://10.0.0.1:6443 sent more than 64 MiB for pods in namespace shop (--max-response-size; 64.2 MiB so far)',
      'the API server at https://10.0.0.1:6443 sent more than 64 MiB for the answers kdiag was reading at once (--max-response-size counts them together; 4.4 MiB of it for pods in namespace shop)',
      'read less at once (-n NAMESPACE, -l SELECTOR), or raise --max-response-size if this cluster is really that big',
      'dump.yaml: the file is 300 MiB; kdiag reads dumps up to 256 MiB',
      'split it, or dump one namespace at a time (kubectl cluster-info dump --namespaces NS --output-directory DIR)',
      'dump.yaml.gz: corrupt gzip data, or larger than 256 MiB uncompressed',
      'read less at a time (one namespace with -n, fewer dump files), or give Node more: NODE_OPTIONS=--max-old-space-size=8192',
      'kubeconfig "big.yaml" is 12 MiB; a kubeconfig is at most 4 MiB',
      'the exec credential plugin "aws" did not finish within 30s (--request-timeout)',
      'the API server at https://10.0.0.1:6443 is throttling requests (429 Too Many Requests)',
      'gate --timeout 6s ran out before kdiag could judge what it read',
      'gate --timeout 6s left no time to render the diagnoses; the report has each verdict and its reason only',
      "gate --timeout 6s: stdout's reader did not take the whole report in time; the rest is dropped",
    ];
    for (const line of lines) {
      const out = zhTW.errors.text({ text: line });
      expect(out, line).not.toBe(line);
      expect(englishLeft(out), out).toEqual([]);
      for (const kept of line.match(/--[a-z-]+|\d+(?:\.\d+)? MiB|https:\/\/\S+/g) ?? []) expect(out, line).toContain(kept.replace(/[,;)]$/, ''));
    }
  });

  it('reader notes and unknown errors: translated when a phrase covers them, left whole otherwise', () => {
    expect(zhTW.errors.text({ text: 'node state not visible: forbidden (needs list on nodes)' })).toBe('看不到節點狀態：權限不足（需要 nodes 的 list 權限）');
    expect(zhTW.errors.text({ text: 'events not visible: forbidden (needs list on events in namespace shop)' })).toBe('看不到 events：權限不足（需要命名空間 shop 中 events 的 list 權限）');
    const odd = 'the widget frobnicated unexpectedly';
    expect(zhTW.errors.text({ text: odd })).toBe(odd);
    expect(en.errors.text({ text: 'node state not visible: forbidden (needs list on nodes)' })).toBe('node state not visible: forbidden (needs list on nodes)');
  });

  it('gate progress words in zh-TW: a passed rollout, a missing target; a summary that says "not found" is left alone', () => {
    for (const progress of ['3/3 ready and stable for 5s', '2/2 available and stable for 5s', 'succeeded (1/1 completions)', 'ready and stable for 5s', 'not found', 'succeeded', 'done']) {
      const zh = zhTW.gate.rollout({ progress });
      expect(zh, progress).not.toBe(progress);
      expect(englishLeft(zh), zh).toEqual([]);
      expect(en.gate.rollout({ progress })).toBe(progress);
    }
    expect(zhTW.gate.rollout({ progress: 'not found' })).toBe('不存在');
    // only the whole word: a quoted "not found" inside a longer text is not a progress word
    expect(zhTW.gate.rollout({ progress: 'pod api: 映像檔「x」not found' })).toContain('not found');
  });

  it('the dump readers\' stderr warnings and scan\'s notes go through the phrases (the same exit code, English unchanged)', async () => {
    const skipped = join(dir, 'with-configmap.yaml');
    writeFileSync(skipped, `${readFileSync(FIXTURE, 'utf8')}\n---\napiVersion: example.com/v1\nkind: Widget\nmetadata: {name: w}\n`);
    const zh = await kdiagInProcess(['scan', '-f', skipped, '--lang', 'zh-TW']);
    const english = await kdiagInProcess(['scan', '-f', skipped]);
    expect(zh.code).toBe(english.code);
    expect(english.stderr).toContain('kdiag: skipped 1 document(s) of kind Widget: kdiag does not read them');
    expect(zh.stderr).toContain('kdiag：略過了 1 份 Widget 文件：kdiag 不讀取這個種類');
    for (const line of zh.stderr.trim().split('\n')) expect(englishLeft(line), line).toEqual([]);
  });

  it('notes in JSON and YAML are in the report\'s language too (a bundle\'s reader note), English unchanged', async () => {
    const note = 'node state not visible: forbidden (needs list on nodes)';
    const bundle = join(dir, 'bundle-with-note.yaml');
    writeFileSync(bundle, `${readFileSync('fixtures/real/healthy-ready.yaml', 'utf8')}\n---\napiVersion: v1\nkind: List\nmetadata:\n  annotations:\n    kdiag.io/notes: '${JSON.stringify([note])}'\nitems: []\n`);
    const zhPod = JSON.parse((await kdiagInProcess(['pod', 'hello-67db77dbf6-tlvjs', '-f', bundle, '-o', 'json', '--lang', 'zh-TW'])).stdout) as { notes: string[] };
    const enPod = JSON.parse((await kdiagInProcess(['pod', 'hello-67db77dbf6-tlvjs', '-f', bundle, '-o', 'json'])).stdout) as { notes: string[] };
    expect(enPod.notes).toContain(note);
    expect(zhPod.notes).toContain('看不到節點狀態：權限不足（需要 nodes 的 list 權限）');
    expect(zhPod.notes).toHaveLength(enPod.notes.length);
    const zhList = JSON.parse((await kdiagInProcess(['analyze', bundle, '-o', 'json', '--lang', 'zh-TW'])).stdout) as { items: Array<{ notes: string[] }> };
    expect(zhList.items[0]!.notes).toContain('看不到節點狀態：權限不足（需要 nodes 的 list 權限）');
    expect((await kdiagInProcess(['analyze', bundle, '-o', 'yaml', '--lang', 'zh-TW'])).stdout).toContain('看不到節點狀態');
  });
});
