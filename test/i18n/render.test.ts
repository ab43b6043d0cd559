// node-versions: Intl (plural rules, number and list formats) in zh-TW reports through the CLI
// zh-TW output of every real fixture: the same verdicts and the same JSON structure as English (machine
// fields untouched), quoted evidence never translated, and a text report in Chinese chrome.
import { evidenceText } from '../../src/i18n/evidence-text.js';
import { evidenceForPeople } from '../../src/report/evidence.js';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import type { Diagnosis } from '../../src/engine/diagnosis.js';
import { Engine } from '../../src/engine/diagnose.js';
import { renderJson } from '../../src/report/json.js';
import { renderMarkdown } from '../../src/report/markdown.js';
import { renderText } from '../../src/report/text.js';
import { readDumps } from '../../src/sources/dump.js';
import { kdiag, kdiagInProcess, ROOT } from '../support/cli.js';
import { fixtureFiles } from '../scenarios/expectations.js';
import { COMMAND_ROW } from '../terminal/view-checks.js';

const FILES = fixtureFiles(resolve(ROOT, 'fixtures/real'));
const schema = JSON.parse(readFileSync(resolve(ROOT, 'schema/kdiag-v1.schema.json'), 'utf8'));
const validate = new Ajv({ allErrors: true }).compile(schema);

/** Every key path in a JSON value (array items by position), to compare structure across languages. */
function shape(value: unknown, path = '$'): string[] {
  if (Array.isArray(value)) return [path, ...value.flatMap((v, i) => shape(v, `${path}[${i}]`))];
  if (value && typeof value === 'object') return [path, ...Object.entries(value).flatMap(([k, v]) => shape(v, `${path}.${k}`))];
  return [`${path}:${value === null ? 'null' : typeof value}`];
}

/** The diagnosis with its localised fields blanked: what must be identical in every language. */
function machine(d: Diagnosis): unknown {
  return {
    ...d,
    summary: '',
    notes: d.notes.length,
    stageOwner: d.stageOwner ? { ...d.stageOwner, description: '' } : d.stageOwner,
    findings: d.findings.map((f) => ({ ...f, title: '', message: '', remediation: f.remediation.length })),
  };
}

function diagnoses(file: string, lang: 'en' | 'zh-TW'): Diagnosis[] {
  const engine = new Engine(readDumps([file]).snapshot, { ruleOptions: { lang } });
  return engine.snapshot.pods.map((p) => engine.diagnosePod(p));
}

describe('zh-TW over every real fixture', () => {
  it('there are real fixtures', () => expect(FILES.length).toBeGreaterThanOrEqual(30));

  for (const file of FILES) {
    it(basename(file), () => {
      const en = diagnoses(file, 'en');
      const zh = diagnoses(file, 'zh-TW');
      expect(zh.length).toBe(en.length);
      zh.forEach((z, i) => {
        const e = en[i]!;
        expect(machine(z)).toEqual(machine(e));
        expect(shape(JSON.parse(renderJson(z)))).toEqual(shape(JSON.parse(renderJson(e))));
        expect(validate(JSON.parse(renderJson(z))), JSON.stringify(validate.errors?.slice(0, 2))).toBe(true);
        // Quoted evidence is never translated.
        expect(z.findings.map((f) => f.evidence)).toEqual(e.findings.map((f) => f.evidence));

        const text = renderText(z, { color: false, lang: 'zh-TW' });
        expect(text).toMatch(/^Pod \S+/);
        expect(text).toMatch(/診斷：(失敗|進行中|正常)/);
        expect(text).toMatch(/[✔✘·?] 排程 → [✔✘·?] kubelet → [✔✘·?] Volume/);
        expect(text).not.toMatch(/FAILING|PROGRESSING|HEALTHY|^Cause |^Evidence$|^Fix$|Where to look|More: kdiag/m);
        if (z.stageOwner) expect(text).toContain('負責元件：');
        const primary = z.findings[0];
        if (primary && z.status !== 'healthy') {
          expect(text).toContain('原因  ');
          if (primary.evidence.length) expect(text).toMatch(/^證據$/m);
          if (primary.remediation.length) expect(text).toMatch(/^修正$/m);
          // The frame is kdiag's (translated); the line still opens with the event's type and reason or the field path.
          for (const ev of primary.evidence) expect(text).toContain(evidenceText(ev, 'zh-TW').split('\n')[0]!.slice(0, Math.min(30, ev.path && ev.text.startsWith(ev.path) ? ev.path.length + 2 : 30)));
          // A field's value is told for people (report/evidence.ts), after its path.
          for (const line of evidenceForPeople(primary.evidence, 'zh-TW', z.observedAt)) expect(text).toContain(line.split('\n')[0]!.slice(0, 60));
        }
        const md = renderMarkdown(z, 'zh-TW');
        expect(md).not.toMatch(/\*\*(Cause|Evidence|Fix|Notes):?\*\*/);
      });
    });
  }
});

describe('kdiag --lang zh-TW, KDIAG_LANG and the locale', () => {
  const pod = ['pod', 'missing-tag', '-f', resolve(ROOT, 'fixtures/real/image-not-found.yaml')];

  it('--lang zh-TW prints the Chinese report with the same exit code', async () => {
    const wide = { env: { COLUMNS: '1000' } };
    const en = await kdiagInProcess(pod, wide);
    const zh = await kdiagInProcess([...pod, '--lang', 'zh-TW'], wide);
    expect(zh.code).toBe(en.code);
    expect(zh.code).toBe(1);
    expect(zh.stdout).toContain('診斷：失敗（卡在映像檔階段）：');
    expect(zh.stdout).toContain('負責元件：Container Runtime（CRI）、映像檔 Registry；檢查：\n    kubectl describe pod missing-tag -n kdiag-image-not-found\n');
    expect(en.stdout).toContain('FAILING at image:');
  });

  it('zh-TW text fits 80 columns with full-width characters counted as two (every real fixture)', async () => {
    const r = await kdiagInProcess(['analyze', ...FILES, '--lang', 'zh-TW'], { env: { COLUMNS: '80' } });
    expect([0, 1]).toContain(r.code);
    expect(r.stdout).toContain('名稱');
    // A command on a line of its own is never wrapped (it must stay pasteable).
    const long = r.stdout.split('\n').filter((l) => stringWidth(l) > 80 && !COMMAND_ROW.test(l));
    expect(long).toEqual([]);
    // The same report counted in UTF-16 units would pass wrongly narrow lines: make sure wide text is there.
    expect(r.stdout.split('\n').some((l) => stringWidth(l) > l.length)).toBe(true);
  });

  it('converted rules word their message and fix in zh-TW; names, images and commands stay as they are', async () => {
    const wide = { env: { COLUMNS: '1000' } };
    const image = (await kdiagInProcess([...pod, '--lang', 'zh-TW'], wide)).stdout;
    expect(image).toContain('容器「app」的映像檔「127.0.0.1:5000/busybox:does-not-exist」不存在於 Registry 中');
    expect(image).toContain('kubectl set image -n kdiag-image-not-found <workload> app=<image:tag>');
    const crash = (await kdiagInProcess(['analyze', resolve(ROOT, 'fixtures/real/container-crash-loop.yaml'), '--lang', 'zh-TW'], wide)).stdout;
    expect(crash).toMatch(/容器「app」不斷當機重啟（CrashLoopBackOff）：它以結束代碼 1 結束；已重新啟動 \d+ 次/);
    expect(crash).toContain('kubectl logs -n kdiag-container-crash-loop crasher -c app --previous');
    const registry = (await kdiagInProcess(['analyze', resolve(ROOT, 'fixtures/real/image-registry-unreachable.yaml'), '--lang', 'zh-TW'], wide)).stdout;
    expect(registry).toMatch(/節點 \S+ 連不上容器「\S+」的映像檔「[^」]+」所在的 Registry/);
  });

  it('--lang before the command works like kubectl persistent flags', async () => {
    expect((await kdiagInProcess(['--lang', 'zh-TW', ...pod])).stdout).toContain('診斷：');
  });

  it('KDIAG_LANG and LANG select the language; --lang en wins', async () => {
    expect((await kdiagInProcess(pod, { env: { KDIAG_LANG: 'zh-TW' } })).stdout).toContain('診斷：');
    expect((await kdiagInProcess(pod, { env: { LANG: 'zh_TW.UTF-8' } })).stdout).toContain('診斷：');
    expect((await kdiagInProcess(pod, { env: { LC_ALL: 'zh_HK.UTF-8' } })).stdout).toContain('診斷：');
    expect((await kdiagInProcess(pod, { env: { LANG: 'zh_CN.UTF-8' } })).stdout).toContain('FAILING at image:');
    expect((await kdiagInProcess([...pod, '--lang', 'en'], { env: { KDIAG_LANG: 'zh-TW' } })).stdout).toContain('FAILING at image:');
  });

  it('a bad --lang is one line and exit 2', async () => {
    const r = await kdiagInProcess([...pod, '--lang', 'xx']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('--lang: unknown language "xx"');
  });

  it('JSON keeps machine fields in English and localises the human ones', async () => {
    const doc = JSON.parse((await kdiagInProcess([...pod, '-o', 'json', '--lang', 'zh-TW'])).stdout);
    expect(doc.status).toBe('failing');
    expect(doc.stage).toBe('image');
    expect(doc.stageOwner.components).toEqual(['container-runtime', 'registry']);
    expect(doc.stageOwner.description).toMatch(/Container Runtime 負責/);
    expect(doc.findings[0].rule).toBe('image/not-found');
    expect(doc.findings[0].severity).toBe('error');
  });

  it('kdiag lifecycle prints every stage with its owner and commands, in both languages', async () => {
    const zh = await kdiagInProcess(['lifecycle', '--lang', 'zh-TW']);
    expect(zh.code).toBe(0);
    for (const s of ['0. admission（准入）', '1. scheduling（排程）', '2. kubelet', '3. volume', '4. cni', '5. image（映像檔）', '6. container（容器）', '7. readiness（就緒）']) expect(zh.stdout).toContain(s);
    expect(zh.stdout).toContain('$ journalctl -u kubelet');
    expect(zh.stdout).toContain('$ crictl pods');
    expect(zh.stdout).toContain('$ kubectl get endpointslices');
    // Symptoms are reason strings, listed with the Chinese list separator (English keeps its comma).
    expect(zh.stdout).toContain('常見症狀：ErrImagePull、ImagePullBackOff');
    const en = await kdiagInProcess(['explain', 'stage/scheduling']);
    expect(en.code).toBe(0);
    expect(en.stdout).toContain('kube-scheduler filters and scores the nodes');
    expect(en.stdout).not.toContain('5. image');
    expect((await kdiagInProcess(['lifecycle', 'nope'])).code).toBe(2);
    const json = JSON.parse((await kdiagInProcess(['lifecycle', '-o', 'json'])).stdout);
    expect(json.stages.map((s: { stage: string }) => s.stage)).toEqual(['admission', 'scheduling', 'kubelet', 'volume', 'cni', 'image', 'container', 'readiness']);
  });
});
