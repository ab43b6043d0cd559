import { type Phrase, phrase } from '../phrase.js';

// Fragments the rule helpers put into many rules' text, applied after each rule's own phrases. Terms follow
// docs/glossary.zh-TW.md; names, reasons, field paths and commands pass through untouched.
export const SHARED: readonly Phrase[] = [
  // helpers/scheduler-message.ts: describePreemption and the severity clause
  phrase('Preemption cannot help: evicting lower-priority Pods would not make any node fit.', '搶佔也無濟於事：驅逐優先順序較低的 Pod 也不會讓任何節點符合。'),
  phrase('Preemption found no lower-priority Pods to evict.', '搶佔找不到可驅逐的優先順序較低的 Pod。'),
  phrase('Preemption cannot help: evicting Pods would not fix {a:n} {an}, and {b:n} {bn} {v} no lower-priority Pods to evict.', ({ a, b }) => `搶佔也無濟於事：驅逐 Pod 也修不好 ${a} 個節點，另有 ${b} 個節點沒有優先順序較低的 Pod 可驅逐。`),
  phrase('The Pod may not preempt others (preemptionPolicy: Never).', 'Pod 不能搶佔其他 Pod（preemptionPolicy: Never）。'),
  phrase('Preemption found no candidate node.', '搶佔找不到候選節點。'),
  phrase('The scheduler is evicting lower-priority Pods to make room (preemption in progress).', '排程器正在驅逐優先順序較低的 Pod 以騰出空間（搶佔進行中）。'),
  phrase('The scheduler is preempting lower-priority Pods on node "{node:q}" to make room.', ({ node }) => `排程器正在搶佔節點「${node}」上優先順序較低的 Pod 以騰出空間。`),
  phrase('Unschedulable for only {age:d}: the scheduler keeps retrying and the cluster may still change (Pods finishing, a node recovering or being added).', ({ age }) => `無法排程才 ${age}：排程器會持續重試，叢集也可能還會變化（Pod 結束、節點恢復或新增節點）。`),
  phrase('Unschedulable for only {age:d}: the nodes look autoscaled, so a node that fits may still be added.', ({ age }) => `無法排程才 ${age}：節點看起來由自動擴展管理，仍可能新增一個放得下的節點。`),
  phrase('Unschedulable for {age:d}.', ({ age }) => `已無法排程 ${age}。`),
  phrase('cluster-autoscaler triggered a scale-up {ago:*} ({detail:*}); the Pod should schedule once the new node is Ready.', ({ ago, detail }) => `cluster-autoscaler 在 ${ago}觸發了擴展（${detail}）；新節點 Ready 後 Pod 應該就能排程。`),
  phrase('cluster-autoscaler triggered a scale-up {ago:*}, but the Pod is still unschedulable.', ({ ago }) => `cluster-autoscaler 在 ${ago}觸發了擴展，但 Pod 仍無法排程。`),
  phrase('cluster-autoscaler will not add a node: {why:*}.', ({ why }) => `cluster-autoscaler 不會新增節點：「${why}」。`),
  phrase('cluster-autoscaler tried to add a node and failed: {why:$}', ({ why }) => `cluster-autoscaler 試著新增節點但失敗：「${why}」`),
  phrase('{a:n} of {b:n} nodes', ({ a, b }) => `${a}/${b} 個節點`),
  phrase('{a:n} of {b:n} node', ({ a, b }) => `${a}/${b} 個節點`),
  phrase('{a:n} nodes', ({ a }) => `${a} 個節點`),
  phrase('{a:n} node', ({ a }) => `${a} 個節點`),
  phrase('in the Pod spec (then recreate the Pod)', '在 Pod spec 中（之後重新建立 Pod）'),
  phrase("in {ref}'s Pod template (kubectl edit {ref2} -n {ns})", ({ ref, ref2, ns }) => `在 ${ref} 的 Pod 範本中（kubectl edit ${ref2} -n ${ns}）`),
  phrase('the Pod spec (then recreate the Pod)', 'Pod spec（之後重新建立 Pod）'),
  phrase("{ref}'s Pod template (kubectl edit {ref2} -n {ns})", ({ ref, ref2, ns }) => `${ref} 的 Pod 範本（kubectl edit ${ref2} -n ${ns}）`),

  // ages inside the autoscaler clause (`{ago}` is `5m ago`)
  phrase('{age:d} ago', ({ age }) => `${age} 前`),
];
