/**
 * `kubectl set resources` on the workload (`deploy/api`). A bare Pod's resources cannot be changed in place
 * (the API server refuses the update: "pod updates may not change fields other than …"), so it is recreated
 * with them: the same Pod read back, the resources set on the copy, and the Pod replaced.
 */
export function setResourcesCommand(namespace: string, owner: string, container: string, flags: string): string {
  if (owner.startsWith('pod/')) return `kubectl get -n ${namespace} ${owner} -o yaml | kubectl set resources --local -f - -c ${container} ${flags} -o yaml | kubectl replace --force -f -`;
  return `kubectl set resources -n ${namespace} ${owner} -c ${container} ${flags}`;
}
