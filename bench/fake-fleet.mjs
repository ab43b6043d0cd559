// A fleet of paginating fake API servers on loopback (bench/fake-apiserver.mjs), one per kubeconfig
// context, for the fleet figure: `scan --all-contexts` over them in one process.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeApiServer } from './fake-apiserver.mjs';

/** Starts `clusters` servers of `pods` Pods each; resolves to one kubeconfig naming them fleet-00, fleet-01, … */
export async function startFakeFleet({ clusters, pods, nodes }) {
  const servers = [];
  for (let i = 0; i < clusters; i++) servers.push(await startFakeApiServer({ pods, nodes }));
  const urls = servers.map((s) => /server: (\S+)/.exec(readFileSync(s.kubeconfig, 'utf8'))[1]);
  const name = (i) => `fleet-${String(i).padStart(2, '0')}`;
  const kubeconfig = join(mkdtempSync(join(tmpdir(), 'kdiag-fleet-')), 'kubeconfig');
  writeFileSync(
    kubeconfig,
    `apiVersion: v1\nkind: Config\nclusters:\n${urls.map((u, i) => `- name: ${name(i)}\n  cluster: {server: "${u}"}\n`).join('')}users:\n- name: u\n  user: {token: t}\ncontexts:\n${urls.map((_, i) => `- name: ${name(i)}\n  context: {cluster: ${name(i)}, user: u}\n`).join('')}current-context: ${name(0)}\n`,
  );
  return { kubeconfig, close: () => Promise.all(servers.map((s) => s.close())) };
}

// Run alone: node bench/fake-fleet.mjs CLUSTERS PODS NODES — prints the kubeconfig path and serves until killed.
if (import.meta.url === `file://${process.argv[1]}`) {
  const f = await startFakeFleet({ clusters: Number(process.argv[2] ?? 50), pods: Number(process.argv[3] ?? 1000), nodes: Number(process.argv[4] ?? 20) });
  console.log(f.kubeconfig);
}
