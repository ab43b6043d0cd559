import { type Phrase, phrase } from './rule-messages/phrase.js';

// `scan` over several clusters (cli/commands/scan-fleet.ts, cli/fleet/select-contexts.ts) in zh-TW. A cluster's
// own notes are translated before its name goes in front of them, so these phrases only word the frame.
export const FLEET_PHRASES: readonly Phrase[] = [
  phrase('{n:n} of {total:n} clusters could not be read: {names:$}', ({ n, total, names }) => `${total} 個叢集中有 ${n} 個無法讀取：${names.split(', ').join('、')}`),
  phrase('cluster {name} could not be read: {why:$}', ({ name, why }) => `無法讀取叢集 ${name}：${why}`),
  phrase('none of the {n:n} clusters could be read', ({ n }) => `${n} 個叢集都無法讀取`),
  phrase(
    "ages measured from this machine's clock when kdiag read each cluster (each item's observedAt); timestamps in a cluster are its API server's: a skewed local clock skews ages",
    '存在時間以 kdiag 讀取各叢集時本機的時鐘計算（見每一項的 observedAt）；叢集中的時間戳記來自其 API Server：本機時鐘偏差會使存在時間偏差',
  ),
  phrase('read {n:n} of {total:n} clusters', ({ n, total }) => `已讀取 ${n}/${total} 個叢集`),
  phrase('--max-clusters-in-flight: "{v:q}" is not a whole number from 1 to 64', ({ v }) => `--max-clusters-in-flight：「${v}」不是 1 到 64 之間的整數`),
  phrase('e.g. --max-clusters-in-flight 8 (default {n:n})', ({ n }) => `例如 --max-clusters-in-flight 8（預設 ${n}）`),
  phrase('--server names one API server; it cannot be combined with several contexts', '--server 只指定一個 API Server，不能與多個 context 一起使用'),
  phrase('drop --server, or pick one context with --context NAME', '拿掉 --server，或用 --context NAME 只選一個 context'),
  phrase('--all-contexts reads every context of the kubeconfig; it cannot be combined with --context', '--all-contexts 會讀取 kubeconfig 中的每個 context，不能與 --context 一起使用'),
  phrase("drop one of them; --context 'prod-*' picks contexts by a glob", "拿掉其中一個；--context 'prod-*' 可用萬用字元挑選 context"),
  phrase('--context "{glob:q}" matches no context in the kubeconfig', ({ glob }) => `--context「${glob}」不符合 kubeconfig 中的任何 context`),
  phrase('the kubeconfig has no context to read', 'kubeconfig 中沒有可讀取的 context'),
  phrase('the kubeconfig has no context', 'kubeconfig 中沒有任何 context'),
  phrase('--all-contexts reads several clusters, which only scan does; {command} reads one', ({ command }) => `--all-contexts 會讀取多個叢集，只有 scan 會這樣做；${command} 只讀取一個叢集`),
  phrase('pick its cluster with --context NAME, or run kdiag scan --all-contexts', '用 --context NAME 選擇它的叢集，或執行 kdiag scan --all-contexts'),
  phrase('--max-clusters-in-flight bounds a scan of several clusters; {command} reads one', ({ command }) => `--max-clusters-in-flight 限制同時讀取多個叢集的 scan；${command} 只讀取一個叢集`),
  phrase('drop --max-clusters-in-flight, or run kdiag scan with several contexts', '拿掉 --max-clusters-in-flight，或以多個 context 執行 kdiag scan'),
  phrase('--context is given {n:n} times, and {command} reads one cluster', ({ n, command }) => `--context 給了 ${n} 次，但 ${command} 只讀取一個叢集`),
  phrase('keep one --context; only kdiag scan reads several clusters in one run', '只保留一個 --context；只有 kdiag scan 會在一次執行中讀取多個叢集'),
  // Last: the name in front of a cluster's own note (already in the report's language).
  phrase('cluster {name}: ', ({ name }) => `叢集 ${name}：`),
];
