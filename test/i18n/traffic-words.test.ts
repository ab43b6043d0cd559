// zh-TW text of the traffic path has no English fragments: clients are named in Chinese (JSON keeps their labels).
import { describe, expect, it } from 'vitest';
import { fixture, kdiagInProcess } from '../support/cli.js';

const FILE = fixture('real/traffic-policy-denies.yaml');

describe('traffic words in zh-TW', () => {
  it("svc/NAME --from ns/NAME: the client, the hops' details and the verdict in Chinese", async () => {
    const zh = (await kdiagInProcess(['pod', 'svc/web', '--from', 'ns/kdiag-traffic-monitoring', '-f', FILE, '--lang', 'zh-TW'])).stdout;
    expect(zh).toContain('用戶端：命名空間 kdiag-traffic-monitoring');
    expect(zh).toContain('✔ service：選到 1 個 Pod');
    expect(zh).not.toMatch(/(?<!label )\bnamespace kdiag-/);
    const en = (await kdiagInProcess(['pod', 'svc/web', '--from', 'ns/kdiag-traffic-monitoring', '-f', FILE])).stdout;
    expect(en).toContain('client: namespace kdiag-traffic-monitoring');
    const json = JSON.parse((await kdiagInProcess(['pod', 'svc/web', '--from', 'ns/kdiag-traffic-monitoring', '-f', FILE, '--lang', 'zh-TW', '-o', 'json'])).stdout) as { items: Array<{ traffic?: { client: string } }> };
    expect(json.items.find((i) => i.traffic)?.traffic?.client).toBe('namespace kdiag-traffic-monitoring');
  });

  it("a Pod's Traffic part names the clients kept out in Chinese", async () => {
    const zh = (await kdiagInProcess(['analyze', FILE, '--lang', 'zh-TW', '--verbose'])).stdout;
    expect(zh).toContain('NetworkPolicy 擋住了 命名空間 kdiag-traffic-monitoring');
    expect(zh).not.toMatch(/(?<!label )\bnamespace kdiag-/);
  });
});
