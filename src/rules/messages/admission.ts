import { count } from './en-shared.js';

/** The controller that cannot create Pods: the workload, and the owned object that tried when it is another one. */
export interface CreatorRef {
  kind: string;
  name: string;
  via?: { kind: string; name: string };
}

/** One resource over a ResourceQuota (`?` where the API server's message did not say). */
export interface QuotaUse {
  resource: string;
  requested: string;
  used: string;
  limit: string;
}

/** The admission stage rules' messages and fix steps. */
export interface AdmissionMessages {
  cronjobNotStarting: {
    /** `lastAge` is the age of status.lastScheduleTime; absent when the CronJob never ran. */
    suspended(p: { name: string; lastAge?: string }): string;
    suspendedFix(p: { name: string; namespace: string }): string[];
    missed(p: { name: string; event: string; deadline?: number; lastAge?: string }): string;
    missedFix(p: { name: string; namespace: string }): string[];
  };
  failedCreate: {
    serviceAccount(p: { who: CreatorRef; account: string; namespace: string }): string;
    serviceAccountFix(p: { account: string; namespace: string; events: string }): string[];
    limitRange(p: { who: CreatorRef; detail: string }): string;
    limitRangeFix(p: { namespace: string; events: string }): string[];
    /** Any other API server error, quoted whole. */
    other(p: { who: CreatorRef; age?: string; error: string }): string;
    otherFix(p: { events: string }): string[];
  };
  podSecurity: {
    message(p: { who: CreatorRef; policy: string; namespace: string; checks: string[] }): string;
    /** One failed check as PSA words it, with what to set (`detail`, the API server's text; may be empty). */
    check(p: { check: string; detail: string }): string;
    fix(p: { namespace: string; level: string; events: string }): string[];
  };
  quotaExceeded: {
    exceeded(p: { who: CreatorRef; quota: string; namespace: string; uses: QuotaUse[] }): string;
    exceededFix(p: { quota: string; namespace: string }): string[];
    /** `detail`: the API server's `limits.cpu for: app; …`. */
    mustSpecify(p: { who: CreatorRef; quota: string; detail: string }): string;
    mustSpecifyFix(p: { quota: string; namespace: string }): string[];
    insufficient(p: { who: CreatorRef; namespace: string; what: string; verb: string }): string;
    insufficientFix(p: { namespace: string }): string[];
    events(p: { events: string }): string;
  };
  webhookDenied: {
    denied(p: { who: CreatorRef; webhook: string; reason?: string }): string;
    deniedFix(p: { webhook: string; reason?: string; events: string }): string[];
    unreachable(p: { who: CreatorRef; webhook: string; age?: string; error: string }): string;
    unreachableFix(p: { webhook: string; service?: { name: string; namespace: string } }): string[];
  };
}

const who = ({ kind, name, via }: CreatorRef): string => `${kind} "${name}"${via ? ` (${via.kind} "${via.name}")` : ''}`;
const last = (lastAge: string | undefined): string => (lastAge !== undefined ? `; last scheduled ${lastAge} ago` : '; never scheduled');
const findWebhook = (webhook: string): string =>
  `Find the webhook configuration: kubectl get validatingwebhookconfigurations,mutatingwebhookconfigurations -o custom-columns=NAME:.metadata.name,WEBHOOKS:.webhooks[*].name | grep ${webhook}`;

export const enAdmission: AdmissionMessages = {
  cronjobNotStarting: {
    suspended: ({ name, lastAge }) => `CronJob "${name}" is suspended (spec.suspend: true): it starts no Job until it is resumed${last(lastAge)}.`,
    suspendedFix: ({ name, namespace }) => [`Resume it: kubectl patch cronjob ${name} -n ${namespace} -p '{"spec":{"suspend":false}}'`],
    missed: ({ name, event, deadline, lastAge }) =>
      `CronJob "${name}" missed its scheduled start: "${event}" (${deadline !== undefined ? `startingDeadlineSeconds is ${deadline}` : 'no startingDeadlineSeconds is set'}${last(lastAge)}).`,
    missedFix: ({ name, namespace }) => [
      `Check that kube-controller-manager runs and its clock is right; then raise or remove startingDeadlineSeconds: kubectl patch cronjob ${name} -n ${namespace} --type=json -p '[{"op":"remove","path":"/spec/startingDeadlineSeconds"}]'`,
      `Start one run by hand: kubectl create job --from=cronjob/${name} ${name}-manual -n ${namespace}`,
    ],
  },
  failedCreate: {
    serviceAccount: ({ who: w, account, namespace }) => `${who(w)} cannot create Pods: ServiceAccount "${account}" does not exist in namespace ${namespace}.`,
    serviceAccountFix: ({ account, namespace, events }) => [`Create it: kubectl create serviceaccount ${account} -n ${namespace}`, 'Or correct spec.template.spec.serviceAccountName', `See the controller's events: ${events}`],
    limitRange: ({ who: w, detail }) => `${who(w)} cannot create Pods: they break the namespace's LimitRange (${detail}).`,
    limitRangeFix: ({ namespace, events }) => [`See the limits: kubectl describe limitrange -n ${namespace}`, "Fit the containers' requests and limits into the LimitRange, or change the LimitRange", `See the controller's events: ${events}`],
    other: ({ who: w, age, error }) => `${who(w)} cannot create Pods${age !== undefined ? ` (for ${age})` : ''}: ${error}`,
    otherFix: ({ events }) => [`Read the controller's events: ${events}`, 'Fix what the API server error names in the Pod template (or in the namespace), then let the controller retry'],
  },
  podSecurity: {
    message: ({ who: w, policy, namespace, checks }) =>
      `${who(w)} cannot create Pods: they violate PodSecurity "${policy}" enforced on namespace ${namespace} (${count(checks.length, 'failed check', 'failed checks')}: ${checks.join(', ')}).`,
    check: ({ check, detail }) => (detail ? `${check}: ${detail}` : check),
    fix: ({ namespace, level, events }) => [
      `See the namespace's Pod Security labels: kubectl get ns ${namespace} --show-labels`,
      `Set these in the Pod template's securityContext (pod and container level) so it meets the "${level}" level; only a workload that truly needs the privileges belongs in a namespace with a lower level`,
      `See the controller's events: ${events}`,
    ],
  },
  quotaExceeded: {
    exceeded: ({ who: w, quota, namespace, uses }) =>
      `${who(w)} cannot create Pods: they would exceed ResourceQuota "${quota}" in namespace ${namespace} (${uses.map((u) => `${u.resource}: requested ${u.requested}, used ${u.used} of ${u.limit}`).join('; ')}).`,
    exceededFix: ({ quota, namespace }) => [
      `See the quota and what uses it: kubectl describe resourcequota ${quota} -n ${namespace}`,
      "Lower the Pods' requests or the replica count (a rolling update needs room for the surge Pods too), or delete workloads that no longer need the quota",
      `Or raise the quota: kubectl edit resourcequota ${quota} -n ${namespace}`,
    ],
    mustSpecify: ({ who: w, quota, detail }) => `${who(w)} cannot create Pods: ResourceQuota "${quota}" requires resources the containers do not set (must specify ${detail}).`,
    mustSpecifyFix: ({ quota, namespace }) => [
      'Set the named requests/limits on every container of the Pod template',
      `Or add a LimitRange with default requests/limits to namespace ${namespace}: kubectl describe limitrange -n ${namespace}`,
      `See the quota: kubectl describe resourcequota ${quota} -n ${namespace}`,
    ],
    insufficient: ({ who: w, namespace, what, verb }) => `${who(w)} cannot create Pods: no ResourceQuota in namespace ${namespace} allows ${what} (insufficient quota to ${verb}).`,
    insufficientFix: ({ namespace }) => [`See the quotas: kubectl describe resourcequota -n ${namespace}`, 'Add a quota that covers the resource, or drop the resource from the Pod template'],
    events: ({ events }) => `See the controller's events: ${events}`,
  },
  webhookDenied: {
    denied: ({ who: w, webhook, reason }) => `${who(w)} cannot create Pods: admission webhook "${webhook}" denied the request${reason ? `: ${reason}` : ' without explanation'}.`,
    deniedFix: ({ webhook, reason, events }) => [
      reason ? `Change the Pod template so it satisfies the policy: ${reason}` : 'Ask the owner of the webhook what it rejects; it gave no reason',
      findWebhook(webhook),
      `See the controller's events: ${events}`,
    ],
    unreachable: ({ who: w, webhook, age, error }) =>
      `${who(w)} cannot create Pods: admission webhook "${webhook}" could not be called${age !== undefined ? ` for ${age}` : ''} and its failurePolicy rejects the Pod: ${error}`,
    unreachableFix: ({ webhook, service }) => [
      service ? `Check the webhook's Service ${service.name} and its Pods: kubectl get services,endpointslices -n ${service.namespace}; kubectl get pods -n ${service.namespace}` : "Check that the webhook's Service has ready endpoints and its Pods run",
      findWebhook(webhook),
      'If the webhook is gone for good, delete its configuration (or set failurePolicy: Ignore) so it stops blocking Pods',
    ],
  },
};
