// IPv4 and IPv6 addresses and CIDRs as NetworkPolicy ipBlocks read them (cidr minus every except).

interface Address {
  bits: 32 | 128;
  value: bigint;
}

function parseIPv4(text: string): bigint | undefined {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return undefined;
  return parts.reduce((acc, p) => (acc << 8n) | BigInt(Number(p)), 0n);
}

function parseIPv6(text: string): bigint | undefined {
  let head = text;
  let tail4: bigint | undefined;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    tail4 = parseIPv4(text.slice(lastColon + 1));
    if (tail4 === undefined) return undefined;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const group = (s: string): string[] => (s === '' ? [] : s.split(':'));
  const left = group(halves[0]!);
  const right = halves.length === 2 ? group(halves[1]!) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  if (!groups.every((g) => /^[0-9a-fA-F]{1,4}$/.test(g))) return undefined;
  let value = groups.reduce((acc, g) => (acc << 16n) | BigInt(Number.parseInt(g, 16)), 0n);
  if (tail4 !== undefined) value = (value & ~0xffffffffn) | tail4;
  return value;
}

export function parseAddress(text: string): Address | undefined {
  const t = text.trim();
  if (t.includes(':')) {
    const value = parseIPv6(t);
    return value === undefined ? undefined : { bits: 128, value };
  }
  const value = parseIPv4(t);
  return value === undefined ? undefined : { bits: 32, value };
}

interface Cidr {
  bits: 32 | 128;
  base: bigint;
  prefix: number;
}

export function parseCidr(text: string): Cidr | undefined {
  const slash = text.indexOf('/');
  if (slash < 0) return undefined;
  const address = parseAddress(text.slice(0, slash));
  const prefixText = text.slice(slash + 1);
  if (!address || !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  if (prefix > address.bits) return undefined;
  return { bits: address.bits, base: address.value, prefix };
}

/** Whether `ip` lies in `cidr`; an address of the other family is never inside. */
export function cidrContains(cidr: Cidr, ip: Address): boolean {
  if (cidr.bits !== ip.bits) return false;
  const shift = BigInt(cidr.bits - cidr.prefix);
  return ip.value >> shift === cidr.base >> shift;
}

export type IpBlockMatch = { match: true } | { match: false; why: string };

/** An ipBlock peer against one address: inside `cidr` and outside every `except`. */
export function matchIpBlock(block: { cidr?: string; except?: string[] }, ipText: string): IpBlockMatch {
  const cidr = parseCidr(block.cidr ?? '');
  if (!cidr) return { match: false, why: `ipBlock cidr ${block.cidr ?? '(none)'} is not a valid CIDR` };
  const ip = parseAddress(ipText);
  if (!ip) return { match: false, why: `${ipText} is not an IP address` };
  if (!cidrContains(cidr, ip)) return { match: false, why: `address ${ipText} not in ipBlock ${block.cidr}` };
  const except = (Array.isArray(block.except) ? block.except : []).find((e) => {
    const c = parseCidr(e);
    return c !== undefined && cidrContains(c, ip);
  });
  if (except !== undefined) return { match: false, why: `address ${ipText} is in ipBlock ${block.cidr} except ${except}` };
  return { match: true };
}
