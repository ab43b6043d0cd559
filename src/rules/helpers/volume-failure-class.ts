import type { FailureClass } from '../types.js';

/**
 * Whether a mount, attach, CSI or teardown error clears by waiting (k8s-messages.md §7.1, §7.2; the
 * kubelet's operation_generator.go, mount-utils mount_linux.go, the CSI spec's gRPC codes).
 * - `deterministic`: nothing changes until a person does something: the export, disk or path is not there,
 *   the server refuses, the filesystem or options are wrong, the device is held by another process, the
 *   driver rejects the request as invalid. Failing at once, however young the Pod.
 * - `transient`: the other side may come back: a timeout, a refused connection, a driver that is starting
 *   or busy, an operation already in progress. A warning for the grace period.
 * Anything not recognised is transient: the grace period, never an early verdict.
 */
export function volumeFailureClass(error: string): FailureClass {
  for (const [pattern, cls] of PATTERNS) if (pattern.test(error)) return cls;
  return 'transient';
}

/** mount(8) / umount(8) saying a process still holds the mount point or device: waiting does not free it. */
export const MOUNT_BUSY = /\balready mounted or mount point busy\b|\bdevice or resource busy\b|\btarget is busy\b|\bdevice is busy\b|already mounted on/i;

/** First match wins: the specific outputs of mount(8) before the gRPC code that may wrap them. */
const PATTERNS: ReadonlyArray<readonly [RegExp, FailureClass]> = [
  // mount(8) / umount(8) outputs (mount-utils mount_linux.go quotes them after `Output:`).
  [MOUNT_BUSY, 'deterministic'],
  [/\bwrong fs type, bad option, bad superblock\b|\bunknown filesystem type\b|\bbad option;/i, 'deterministic'],
  [/\baccess denied by server\b|\bPermission denied\b|\bOperation not permitted\b/i, 'deterministic'],
  [/reason given by server: No such file or directory|\bspecial device \S+ does not exist\b|mount point does not exist|\bNo such file or directory\b/i, 'deterministic'],
  [/\bConnection timed out\b|\bConnection refused\b|\bNo route to host\b|\bNetwork is unreachable\b|\btimed out\b|\bi\/o timeout\b|\bcontext deadline exceeded\b/i, 'transient'],
  // The CSI node plugin: a driver that never registers with this kubelet (not running, or registered under
  // another kubelet root directory) and one still starting look the same: the grace period decides.
  [/not found in the list of registered CSI drivers/, 'transient'],
  // gRPC codes of a CSI call (csi.proto; `rpc error: code = X desc = …`).
  [/rpc error: code = (?:NotFound|InvalidArgument|AlreadyExists|PermissionDenied|FailedPrecondition|OutOfRange|Unimplemented)\b/, 'deterministic'],
  [/rpc error: code = (?:DeadlineExceeded|Unavailable|Aborted|ResourceExhausted|Canceled|Internal|Unknown)\b/, 'transient'],
  // The kubelet's own checks that no retry changes.
  [/hostPath type check failed|^hostPath \S+ doesn't exist|is not a block device|volume mode mismatch|does not support block volume provisioning/i, 'deterministic'],
  [/(?:configmap|secret) "[^"]+" not found|references non-existent (?:config|secret) key/, 'deterministic'],
];
