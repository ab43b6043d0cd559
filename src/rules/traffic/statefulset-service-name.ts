import { trafficText } from '../../i18n/traffic.js';
import { sawKind } from '../../model/snapshot.js';
import { fieldEvidence } from '../helpers/evidence.js';
import type { Finding, TrafficRule } from '../types.js';

const ID = 'traffic/statefulset-service-name';

const rule: TrafficRule = {
  id: 'traffic/statefulset-service-name',
  scope: 'traffic',
  hop: 'dns',
  stage: 'readiness',
  severity: 'warning',
  failureClass: 'deterministic',
  title: 'StatefulSet serviceName is not an existing headless Service',
  docs: {
    description:
      "A StatefulSet's spec.serviceName names the headless Service that gives each Pod its stable DNS name (POD.SERVICE.NAMESPACE.svc.cluster.local). When no Service of that name exists in the namespace, or it has a cluster IP (not clusterIP: None), those per-Pod names never resolve: peers that find each other by them (databases, queues, quorum members) cannot form a cluster, although every Pod runs. Fires only when the input's Service list is complete.",
    causes: ['the headless Service was named differently (db vs db-headless), or never applied', 'an ordinary ClusterIP Service of that name exists, not a headless one'],
    fix: [
      'Create the headless Service the StatefulSet names (serviceName cannot change on an existing StatefulSet): kubectl create service clusterip NAME --clusterip=None -n NAMESPACE, then set its selector to the Pods\' labels',
      'Check: kubectl get svc NAME -n NAMESPACE -o jsonpath=\'{.spec.clusterIP}\' prints None',
    ],
    links: ['https://kubernetes.io/docs/concepts/workloads/controllers/statefulset/#stable-network-id'],
  },
  match({ snapshot, target, options }): Finding[] {
    if (target.kind !== 'StatefulSet') return [];
    const service = target.spec?.serviceName;
    if (typeof service !== 'string' || service === '') return [];
    const namespace = target.metadata?.namespace ?? '';
    if (!sawKind(snapshot, 'Service', namespace, service) || snapshot.meta.unreadable.some((u) => u.kind === 'Service')) return [];
    const sts = target.metadata?.name ?? '';
    const found = snapshot.services.find((s) => s.metadata?.namespace === namespace && s.metadata?.name === service);
    const ip = found?.spec?.clusterIP;
    if (found && (ip === 'None' || ip === undefined)) return [];
    const m = trafficText(options.lang);
    const evidence = [fieldEvidence('workload', `statefulsets/${sts}.spec.serviceName`, service)];
    if (found) evidence.push(fieldEvidence('service', `services/${service}.spec.clusterIP`, ip));
    return [
      {
        rule: ID,
        stage: 'readiness',
        severity: 'warning',
        confidence: 'high',
        failureClass: 'deterministic',
        title: m.stsServiceTitle,
        message: found ? m.stsServiceNotHeadless({ sts, service, ip: String(ip) }) : m.stsServiceMissing({ sts, service }),
        evidence,
        remediation: m.stsServiceFix({ namespace, sts, service }),
      },
    ];
  },
};

export default rule;
