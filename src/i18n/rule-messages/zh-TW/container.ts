import type { ContainerMessages } from '../../../rules/messages/container.js';
import { noun } from './shared.js';

export const zhTWContainer: ContainerMessages = {
  hookFailed: {
    preStopTitle: () => '容器的 preStop hook 失敗',
  },
  crashLoop: {
    message: ({ container, mode, exit, terminationMessage, restarts }) =>
      `${noun(container)}${mode === 'loop' ? '不斷當機重啟（CrashLoopBackOff）' : mode === 'first' ? '當機了' : '一直當機'}：它${exit}${terminationMessage ? `，訊息為「${terminationMessage}」` : ''}${restarts ? `；${restarts}` : ''}。`,
    remediation: ({ logs, namespace, pod }) => [
      `查看上一個執行個體結束的原因：${logs}`,
      `查看結束代碼、訊息與事件：kubectl describe pod -n ${namespace} ${pod}`,
      '修正日誌所顯示的原因（設定、環境變數、參數、連不上的相依服務）；kubelet 會自行以 back-off 重新啟動它。',
    ],
  },
};
