import { type Phrase, phrase, tidy, translate } from './rule-messages/phrase.js';

// `--help` in zh-TW: commander's titles, and every command, option and argument description of cli/main.ts,
// keyed by its English text (a description not listed stays English). Flags, commands and values are kept.
export const HELP_TITLES: Readonly<Record<string, string>> = {
  'Usage:': '用法：',
  'Options:': '選項：',
  'Commands:': '指令：',
  'Arguments:': '引數：',
  'Global Options:': '全域選項：',
};

const HELP: readonly Phrase[] = [
  phrase('Tells you why a Kubernetes Pod is not working, at which lifecycle stage it is stuck, and what to do about it.', '告訴您 Kubernetes Pod 為什麼無法運作、卡在生命週期的哪個階段，以及該怎麼處理。'),
  phrase('print the kdiag version (and the Node.js it runs on)', '印出 kdiag 的版本（以及它使用的 Node.js）'),
  phrase('print the kdiag version', '印出 kdiag 的版本'),
  phrase('display help for command', '顯示指令的說明'),
  phrase('report format: {list:$}', ({ list }) => `報告格式：${list}`),
  phrase('never colour the output (colour is on only on a TTY without NO_COLOR)', '輸出永遠不加顏色（只有在 TTY 上且沒有 NO_COLOR 時才有顏色）'),
  phrase('show every finding and note; print stack traces on errors', '顯示每個發現與備註；發生錯誤時印出 stack trace'),
  phrase('language of the report: en or zh-TW (default: $KDIAG_LANG, then LC_ALL/LC_MESSAGES/LANG)', '報告的語言：en 或 zh-TW（預設：$KDIAG_LANG，然後是 LC_ALL／LC_MESSAGES／LANG）'),
  phrase('the time to judge a dump\'s ages against (ISO time, or "wall"); default: the dump\'s capture time', '判斷傾印檔中經過時間的基準時間（ISO 時間，或以「wall」代表現在的時間）；預設：傾印檔的擷取時間'),
  phrase('how long a condition that can clear by itself may last before it counts as failing', '可能自行消失的狀況，持續多久之後才算失敗'),
  phrase("namespace (default: the context's namespace for live mode; any for dumps)", '命名空間（預設：即時模式為 context 的命名空間；傾印檔為任何命名空間）'),
  phrase("kubeconfig context to use; repeatable, or a glob such as 'prod-*', to read several clusters in one run", "要使用的 kubeconfig context；可重複指定，或用 'prod-*' 這類萬用字元，一次讀取多個叢集"),
  phrase('read every context of the kubeconfig (one cluster each)', '讀取 kubeconfig 中的每個 context（每個一個叢集）'),
  phrase('with several contexts: how many clusters are read at once', '有多個 context 時：同時讀取幾個叢集'),
  phrase('kubeconfig context to use', '要使用的 kubeconfig context'),
  phrase('kubeconfig file (default: $KUBECONFIG or ~/.kube/config)', 'kubeconfig 檔案（預設：$KUBECONFIG 或 ~/.kube/config）'),
  phrase('deadline for each API request: connect, TLS, answer and retries', '每個 API 請求的期限：連線、TLS、回應與重試'),
  phrase('refuse API answers larger than this, all read at once counted together (e.g. 512Mi)', '拒絕大於這個大小的 API 回應，同時在讀的回應合起來算（例如 512Mi）'),
  phrase("the API server address, instead of the kubeconfig cluster's", 'API Server 的位址，取代 kubeconfig 中叢集的位址'),
  phrase('CA certificate file to verify the server with', '用來驗證伺服器的 CA 憑證檔案'),
  phrase("do not verify the server's certificate (insecure)", '不驗證伺服器的憑證（不安全）'),
  phrase('bearer token to authenticate with', '用來驗證身分的 bearer token'),
  phrase('impersonate this user (needs the impersonate permission)', '模擬這個使用者（需要 impersonate 權限）'),
  phrase('impersonate this group (repeatable)', '模擬這個群組（可重複指定）'),
  phrase('every namespace', '所有命名空間'),
  phrase('label selector, e.g. app=api,tier!=cache', 'label selector，例如 app=api,tier!=cache'),
  phrase('Pod field selector: {fields:$}', ({ fields }) => `Pod 的 field selector：${fields}`),
  phrase('diagnose one Pod (or {kinds:*}) on the live cluster, or in dumps with -f', ({ kinds }) => `診斷即時叢集上的一個 Pod（或 ${kinds}），或以 -f 診斷傾印檔中的 Pod`),
  phrase('read this dump instead of the cluster (file, directory, or - for stdin; repeatable)', '讀取這個傾印檔而不是叢集（檔案、目錄，或以 - 代表標準輸入；可重複指定）'),
  phrase('read this dump instead of the cluster (repeatable)', '讀取這個傾印檔而不是叢集（可重複指定）'),
  phrase("lines of a stopped container's log to read; its last meaningful lines (at most 5) are evidence", '要讀取的已停止容器日誌行數；其中最後幾行有意義的內容（最多 5 行）會作為證據'),
  phrase('do not read or show container logs', '不讀取也不顯示容器日誌'),
  phrase('re-diagnose as the Pod changes until it is Ready or failing (live mode)', 'Pod 有變化時重新診斷，直到它 Ready 或失敗（即時模式）'),
  phrase('with --watch: stop waiting after this long (exit 5)', '搭配 --watch：等待這麼久後停止（結束代碼 5）'),
  phrase('with svc/NAME or ingress/NAME: the client of the traffic path (pod/NAME, pod/NS/NAME or ns/NAME)', '搭配 svc/NAME 或 ingress/NAME：流量路徑的用戶端（pod/NAME、pod/NS/NAME 或 ns/NAME）'),
  phrase('diagnose every Pod found in dumps: files, directories (kubectl cluster-info dump), or - (the default when stdin is piped)', '診斷傾印檔中的每個 Pod：檔案、目錄（kubectl cluster-info dump），或 -（標準輸入是管線時的預設）'),
  phrase('only this namespace', '只看這個命名空間'),
  phrase('list only failing Pods', '只列出失敗的 Pod'),
  phrase("print the table's rows only: no header line, totals or notes (with -o text or wide)", '只印出表格的列：沒有標題列、總計與備註（搭配 -o text 或 wide）'),
  phrase('with -f: do not show container log lines from the dumps as evidence', '搭配 -f：不把傾印檔中的容器日誌行當作證據顯示'),
  phrase('do not show container log lines from the dumps as evidence', '不把傾印檔中的容器日誌行當作證據顯示'),
  phrase('every Pod in a namespace (or all with -A) as a table of status, stage and cause, failing first', '以表格列出命名空間（或以 -A 列出全部）中的每個 Pod：狀態、階段與原因，失敗的排在前面'),
  phrase('CI: wait for deploy/sts/ds/job/pod rollouts to finish; fail fast with a diagnosis when one is doomed', 'CI：等待 deploy/sts/ds/job/pod 部署完成；一旦注定失敗就立即以診斷結果失敗'),
  phrase('give up after this long (exit 5)', '等待這麼久後放棄（結束代碼 5）'),
  phrase('a crash loop is doomed after this many restarts', '重新啟動這麼多次之後，crash loop 就算注定失敗'),
  phrase('every new Pod must have been Ready this long before the gate passes', '閘門通過前，每個新的 Pod 必須已 Ready 這麼久'),
  phrase('also gate the workloads of the Pods this label selector matches {rest:$}', ({ rest }) => `也等待這個 label selector 選到的 Pod 所屬的工作負載 ${rest}`),
  phrase('wait (up to --timeout) for named workloads that do not exist yet instead of exit 4', '等待（最多到 --timeout）指定但尚未存在的工作負載，而不是以結束代碼 4 結束'),
  phrase('write a JUnit XML report (one test case per workload)', '寫出 JUnit XML 報告（每個工作負載一個測試案例）'),
  phrase('overwrite the --junit file', '覆寫 --junit 檔案'),
  phrase('which verdicts exit 1: error (a failing Pod), warning (also a warning), never (a report only)', '哪些判定以結束代碼 1 結束：error（有失敗的 Pod）、warning（有警告也算）、never（只產生報告）'),
  phrase('rule ids or stages to keep out of the verdict, comma-separated (repeatable); still reported as suppressed', '不計入判定的規則 ID 或階段，以逗號分隔（可重複）；仍會列為已略過'),
  phrase('the .kdiag.yaml to read (default: found from here up to the repository root)', '要讀取的 .kdiag.yaml（預設：從目前目錄往上找到儲存庫根目錄為止）'),
  phrase('read no .kdiag.yaml', '不讀取任何 .kdiag.yaml'),
  phrase('list each suppressed finding, not only their count', '逐一列出已略過的發現，而不只是數量'),
  phrase('write a JUnit XML report (one test case per item); never overwrites without --force', '寫出 JUnit XML 報告（每個項目一個測試案例）；沒有 --force 時絕不覆寫'),
  phrase('print GitHub Actions annotations (default under GITHUB_ACTIONS=true)', '印出 GitHub Actions 註解（在 GITHUB_ACTIONS=true 時預設開啟）'),
  phrase('do not print GitHub Actions annotations', '不印出 GitHub Actions 註解'),
  phrase('save a redacted bundle of a live Pod (capture pod NAME, or pod deploy/NAME) that analyze and pod -f read back', '把即時 Pod 存成已遮蔽機密的封存檔（capture pod NAME，或 pod deploy/NAME），可用 analyze 與 pod -f 讀回'),
  phrase('write the bundle here (default: stdout)', '把封存檔寫到這裡（預設：標準輸出）'),
  phrase('overwrite the output file', '覆寫輸出檔案'),
  phrase('lines of previous container logs to include', '要包含的上一個容器日誌行數'),
  phrase('leave container logs out', '不包含容器日誌'),
  phrase('print each API request on stderr', '在 stderr 印出每個 API 請求'),
  phrase('print the least-privilege read-only ClusterRoles kdiag needs (nothing on Secrets)', '印出 kdiag 需要的最小權限唯讀 ClusterRole（不含 Secret）'),
  phrase('add the optional Role that lets kdiag see whether Secrets exist (it can read their values: see README)', '加上可選的 Role，讓 kdiag 看得到 Secret 是否存在（它能讀取 Secret 的值：見 README）'),
  phrase('list every rule: id, stage, severity, title', '列出每條規則：id、階段、嚴重程度、標題'),
  phrase('the path a Pod takes from binding to Running and Ready: each stage, the component responsible, and the commands that inspect it', 'Pod 從繫結到 Running 與 Ready 的路徑：每個階段、負責的元件，以及檢查它的指令'),
  phrase("print one rule's documentation: what it means, why it happens, how to fix it", '印出一條規則的說明：它的意思、發生原因、如何修正'),
  phrase('text, json or yaml', 'text、json 或 yaml'),
  phrase('print a shell completion script: bash, zsh or fish (e.g. {cmd:*})', ({ cmd }) => `印出 shell 自動完成指令碼：bash、zsh 或 fish（例如 ${cmd}）`),
  phrase('(default: {v:$}', ({ v }) => `（預設：${v}`),
];

/** The examples under `kdiag --help`, as cli/main.ts lists them in English. */
export function examplesZhTW(me: string): string {
  return `
範例：
  ${me} pod api-7d9f-x2k -n shop                 診斷即時叢集上的一個 Pod
  ${me} pod api-7d9f-x2k -f dump.yaml            同一個 Pod，從存下來的傾印檔
  ${me} pod deploy/api -n shop -o json           一個 Deployment 與它的 Pod，以 JSON 輸出
  ${me} pod svc/api -n shop                      Service 為什麼沒有就緒的 endpoint
  ${me} pod cronjob/report -n shop               CronJob：暫停、錯過的排程、最後一個 Job 與它的 Pod
  kubectl get pods,events,nodes,pvc -o yaml | ${me} analyze
  ${me} analyze ./cluster-dump/                  'kubectl cluster-info dump --output-directory' 的目錄
  ${me} scan -n shop --failing-only              每個 Pod 的表格，失敗的排在前面
  ${me} rules                                    規則目錄；${me} explain RULE 看單一規則
  ${me} lifecycle --lang zh-TW                   從繫結到就緒的各階段、負責元件與檢查方式

選項採用 kubectl 的寫法：-n shop、-n=shop、--namespace=shop；
-n、--context、-o 等選項也可以放在指令之前（${me} -n shop scan）。

結束代碼：0 正常或進行中，1 失敗，2 用法或輸入錯誤，
3 連不上叢集或權限不足，4 找不到，5 閘門逾時。
--fail-on warning：有警告也以 1 結束；
--fail-on never：判定一律以 0 結束（錯誤仍為 2 到 5）。`;
}

/** One help description in zh-TW; a description no phrase covers stays as it is. */
export function helpText(text: string): string {
  const out = translate(text, HELP);
  return out === text ? text : tidy(out);
}

/** `kdiag gate --help`'s closing text (cli/gate-help.ts in English, kept in step with it). */
export const GATE_HELP_ZH_TW = `
只在無法自行消失的狀況提早失敗（exit 1，不等 --timeout）：
  - 確定性的發現：映像檔不存在／未授權／名稱無效、spec 無效、
    被 quota 或 PodSecurity 拒絕、沒有節點符合的 node selector 或 taint、
    找不到指令
  - Pod 需要的 ConfigMap、Secret 或 PVC，在 Pod 建立後超過 --grace 仍不存在
  - 重啟次數超過 --max-restarts 的 crash loop（或 OOM／liveness／init 退避迴圈）
  - 超過 backoffLimit 或 activeDeadlineSeconds 的 Job（Failed condition）
  - 超過 progressDeadlineSeconds 的 Deployment（ProgressDeadlineExceeded）
會等待（直到消失、確定失敗，或 --timeout：exit 5）：尚未 Ready 的 Pod
（暖機較慢）、第一次 FailedMount、仍在 backoffLimit 內失敗的 Job Pod、
暫時性的 FailedScheduling、registry 逾時。
只計算目前版本的 Pod：最新的 ReplicaSet、StatefulSet 的 updateRevision、
DaemonSet 的 generation、Job 自己的 Pod。
被略過的發現（--ignore、.kdiag.yaml、kdiag.io/ignore）不會讓部署注定失敗，
也不會在 --fail-on warning 下讓它失敗，報告會計入它；它無法讓部署完成
（始終無法 Ready 的 Pod 仍會逾時）。
指定的工作負載不存在時，重新確認一次（約 1 秒）後 exit 4，
除非使用 --wait-for-creation。
結束代碼：0 通過、1 注定失敗、2 用法錯誤、3 無法連線或被禁止、
4 找不到、5 逾時。`;
