import { describe, expect, it } from 'vitest';
import { classifySandboxError } from '../../../src/rules/helpers/sandbox-errors.js';

const ID = 'a3f1c0de5b7e4f2a9c8d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b';
const wrap = (inner: string) => `Failed to create pod sandbox: rpc error: code = Unknown desc = ${inner}`;

// Texts from k8s-messages.md §2.4 and §6.3.
describe('classifySandboxError', () => {
  it('libcni plugin failure with type and name', () => {
    const e = classifySandboxError(wrap(`failed to setup network for sandbox "${ID}": plugin type="bridge" name="cbr0" failed (add): failed to set bridge addr: "cni0" already has an IP address different from 10.244.1.1/24`));
    expect(e).toMatchObject({ kind: 'plugin', plugin: 'bridge', network: 'cbr0' });
    expect(e.pluginMessage).toMatch(/^failed to set bridge addr/);
    expect(e.error).toMatch(/^failed to setup network for sandbox/);
  });
  it('older libcni without name=', () => {
    expect(classifySandboxError(wrap(`failed to setup network for sandbox "${ID}": plugin type="weave-net" failed (add): unable to allocate IP address`))).toMatchObject({ kind: 'plugin', plugin: 'weave-net' });
  });
  it('host-local IP exhaustion', () => {
    const e = classifySandboxError(wrap(`failed to setup network for sandbox "${ID}": plugin type="bridge" name="kdiag" failed (add): failed to allocate for range 0: no IP addresses available in range set: 10.244.1.1-10.244.1.6`));
    expect(e).toMatchObject({ kind: 'ip-exhausted', subject: '10.244.1.1-10.244.1.6', network: 'kdiag', plugin: 'bridge' });
  });
  it('containerd cni not initialized', () => {
    expect(classifySandboxError(wrap(`failed to setup network for sandbox "${ID}": no network config found in /etc/cni/net.d: cni plugin not initialized`))).toMatchObject({ kind: 'cni-not-initialized', where: '/etc/cni/net.d' });
    expect(classifySandboxError(wrap(`failed to setup network for sandbox "${ID}": cni plugin not initialized`)).kind).toBe('cni-not-initialized');
  });
  it('CRI-O no CNI configuration file', () => {
    expect(classifySandboxError(wrap('error creating pod sandbox: no CNI configuration file in /etc/cni/net.d/. Has your network provider started?'))).toMatchObject({ kind: 'cni-not-initialized', where: '/etc/cni/net.d/' });
  });
  it('missing plugin binary', () => {
    expect(classifySandboxError(wrap(`failed to setup network for sandbox "${ID}": plugin type="portmap" failed (add): failed to find plugin "portmap" in path [/opt/cni/bin]`))).toMatchObject({ kind: 'plugin-missing', subject: 'portmap', where: '/opt/cni/bin' });
  });
  it('pause image', () => {
    expect(classifySandboxError(wrap('failed to get sandbox image "registry.k8s.io/pause:3.9": failed to pull image "registry.k8s.io/pause:3.9": failed to pull and unpack image "registry.k8s.io/pause:3.9": failed to resolve reference "registry.k8s.io/pause:3.9": failed to do request: Head "https://registry.k8s.io/v2/pause/manifests/3.9": dial tcp: lookup registry.k8s.io: no such host'))).toMatchObject({ kind: 'sandbox-image', subject: 'registry.k8s.io/pause:3.9' });
  });
  it('runtime handler, containerd and CRI-O', () => {
    expect(classifySandboxError(wrap('failed to get sandbox runtime: no runtime for "kata" is configured'))).toMatchObject({ kind: 'runtime-handler', subject: 'kata' });
    expect(classifySandboxError(wrap('failed to find runtime handler runsc from runtime list map[crun:0xc000 runc:0xc001]'))).toMatchObject({ kind: 'runtime-handler', subject: 'runsc' });
  });
  it('known CNI hints', () => {
    expect(classifySandboxError(wrap(`failed to setup network for sandbox "${ID}": plugin type="flannel" failed (add): failed to load flannel 'subnet.env' file: open /run/flannel/subnet.env: no such file or directory. Check the flannel pod log for this node.`)).hint).toBe('flannel-down');
    expect(classifySandboxError(wrap(`failed to setup network for sandbox "${ID}": plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/`)).hint).toBe('calico-down');
    const cilium = classifySandboxError(wrap(`failed to setup network for sandbox "${ID}": plugin type="cilium-cni" name="cilium" failed (add): unable to connect to Cilium daemon: failed to create cilium agent client after 30.000000 seconds timeout: Get "http:///var/run/cilium/cilium.sock/v1/config": dial unix /var/run/cilium/cilium.sock: connect: no such file or directory\nIs the agent running?`));
    expect(cilium).toMatchObject({ kind: 'plugin', plugin: 'cilium-cni', network: 'cilium' });
    expect(cilium.hint).toBe('cilium-down');
  });
  it('CRI-O network wrapper', () => {
    expect(classifySandboxError(wrap('failed to create pod network sandbox k8s_api-7d9f-x2k_shop_1234_0(abcd): error adding pod shop_api-7d9f-x2k to CNI network "k8s-pod-network": plugin type="calico" failed (add): error getting ClusterInformation: connection is unauthorized: Unauthorized'))).toMatchObject({ kind: 'plugin', plugin: 'calico', network: 'k8s-pod-network' });
  });
  it('a correlator-combined message and a non-network failure', () => {
    expect(classifySandboxError(`(combined from similar events): ${wrap('failed to reserve sandbox name "api_shop_1_0": name "api_shop_1_0" is reserved for "abc"')}`)).toMatchObject({ kind: 'other' });
  });
});
