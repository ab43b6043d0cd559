// node-versions: the zh-TW catalogues loaded on demand by the CLI
import stringWidth from 'string-width';
import { describe, expect, it } from 'vitest';
import { kdiag, kdiagInProcess } from '../support/cli.js';

describe('--help in zh-TW', () => {
  it('titles, descriptions and examples in Chinese, flags and commands kept, within 80 columns', async () => {
    for (const args of [['--help'], ['pod', '--help'], ['gate', '--help'], ['scan', '--help'], ['capture', '--help']]) {
      const zh = await kdiagInProcess([...args, '--lang', 'zh-TW']);
      expect(zh.code, args.join(' ')).toBe(0);
      expect(zh.stdout).toMatch(/^用法： kdiag/);
      expect(zh.stdout).toContain('選項：');
      expect(zh.stdout).not.toMatch(/^(Usage|Options|Commands):/m);
      for (const line of zh.stdout.split('\n').filter((l) => !/^ {2}(kdiag|kubectl) /.test(l))) expect(stringWidth(line), line).toBeLessThanOrEqual(80);
    }
    const top = (await kdiagInProcess(['--help'], { env: { KDIAG_LANG: 'zh-TW' } })).stdout;
    expect(top).toContain('告訴您 Kubernetes Pod 為什麼無法運作');
    expect(top).toContain('範例：');
    expect(top).toContain('結束代碼：0 正常或進行中，1 失敗');
    // gate's closing text (what ends it before --timeout, its exit codes) in the same language as the rest.
    const gate = (await kdiagInProcess(['gate', '--help', '--lang', 'zh-TW'])).stdout;
    expect(gate).toContain('只在無法自行消失的狀況提早失敗');
    expect(gate).toContain('結束代碼：0 通過');
    expect(gate).not.toMatch(/Fails fast|Exit codes:/);
    const pod = (await kdiagInProcess(['pod', '--help', '--lang', 'zh-TW'])).stdout;
    expect(pod).toContain('-n, --namespace <ns>');
    expect(pod).toMatch(/--request-timeout <duration>\s+每個 API 請求的期限/);
  });

  it('English help is unchanged', async () => {
    const en = (await kdiagInProcess(['--help'])).stdout;
    expect(en).toMatch(/^Usage: kdiag/);
    expect(en).toContain('Examples:');
    expect(en).not.toMatch(/[\u4e00-\u9fff]/);
    const gate = (await kdiagInProcess(['gate', '--help'])).stdout;
    expect(gate).toContain('Fails fast (exit 1, before --timeout)');
    expect(gate).not.toMatch(/[\u4e00-\u9fff]/);
  });
});
