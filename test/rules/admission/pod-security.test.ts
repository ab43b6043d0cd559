import { describe, expect, it } from 'vitest';
import rule, { splitChecks } from '../../../src/rules/admission/pod-security.js';
import { at, obj } from '../../harness/builders.js';
import { runRuleTests } from '../../harness/rule-tester.js';
import { controllerEvent, deployment, quotaError, replicaSet } from './workloads.js';

const restricted =
  'pods "api-7d9f-" is forbidden: violates PodSecurity "restricted:latest": allowPrivilegeEscalation != false (container "app" must set securityContext.allowPrivilegeEscalation=false), unrestricted capabilities (container "app" must set securityContext.capabilities.drop=["ALL"]), runAsNonRoot != true (pod or container "app" must set securityContext.runAsNonRoot=true), seccompProfile (pod or container "app" must set securityContext.seccompProfile.type to "RuntimeDefault" or "Localhost")';
const baseline = 'pods "agent-" is forbidden: violates PodSecurity "baseline:v1.34": host namespaces (hostNetwork=true, hostPID=true), hostPath volumes (volumes "proc", "sys"), privileged (container "agent" must not set securityContext.privileged=true)';
const rs = replicaSet();
const full = replicaSet('api-7d9f', { status: { replicas: 3 } });
const ds = obj('DaemonSet', 'agent', { status: { desiredNumberScheduled: 3, currentNumberScheduled: 0 } }, 'apps/v1');

describe('splitChecks', () => {
  it('keeps commas inside parentheses and quotes', () => {
    expect(splitChecks('host namespaces (hostNetwork=true, hostPID=true), hostPath volumes (volumes "proc", "sys")').map((c) => c.check)).toEqual(['host namespaces', 'hostPath volumes']);
  });
});

runRuleTests(rule, {
  valid: [
    { name: 'real capture: a quota refusal belongs to admission/quota-exceeded', fixture: 'real/admission-quota-exceeded.yaml', target: 'Deployment/web' },
    { name: 'quota is another rule', belongsTo: 'admission/quota-exceeded', objects: [deployment(), rs, controllerEvent(rs, `Error creating: ${quotaError}`)], target: 'Deployment/api' },
    {
      name: 'fixed template: a later SuccessfulCreate with all replicas',
      objects: [deployment(), full, controllerEvent(full, `Error creating: ${restricted}`, { last: at(-200) }), controllerEvent(full, 'Created pod: api-7d9f-x2k', { reason: 'SuccessfulCreate', type: 'Normal', last: at(-100) })],
      target: 'Deployment/api',
    },
  ],
  invalid: [
    { name: 'real capture: a privileged Pod in a namespace that enforces restricted', fixture: 'real/admission-pod-security.yaml', target: 'Deployment/agent', expect: [{ severity: 'error', message: /violate PodSecurity "restricted:latest" enforced on namespace kdiag-admission-pod-security \(5 failed checks: privileged, allowPrivilegeEscalation != false/, evidence: 'violates PodSecurity' }] },
    {
      name: 'restricted: four failed checks listed with their fixes',
      objects: [deployment(), rs, controllerEvent(rs, `Error creating: ${restricted}`)],
      target: 'Deployment/api',
      expect: [{ severity: 'error', message: 'violate PodSecurity "restricted:latest" enforced on namespace shop (4 failed checks: allowPrivilegeEscalation != false, unrestricted capabilities, runAsNonRoot != true, seccompProfile)', remediation: 'unrestricted capabilities: container "app" must set securityContext.capabilities.drop=["ALL"]' }],
    },
    { name: 'baseline on a DaemonSet', objects: [ds, controllerEvent(ds, `Error creating: ${baseline}`)], target: 'DaemonSet/agent', expect: [{ message: /DaemonSet "agent" .*3 failed checks: host namespaces, hostPath volumes, privileged/ }] },
  ],
});
