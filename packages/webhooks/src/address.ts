import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * IPv4 ranges a webhook must never reach: the host itself, the private networks around it and the cloud
 * metadata service, plus ranges that are never valid unicast destinations.
 */
const forbiddenIPv4 = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"; 0.0.0.0 itself reaches the local host on Linux
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT, also used for internal addressing by some clouds
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, home of the 169.254.169.254 metadata service
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments, includes some cloud metadata endpoints (192.0.0.192)
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking, sometimes used as an internal range
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, includes the 255.255.255.255 broadcast
] as const) {
  forbiddenIPv4.addSubnet(network, prefix, 'ipv4');
}

// Only native IPv6 ranges: addresses that embed an IPv4 address are unwrapped and judged as IPv4 instead.
const forbiddenIPv6 = new BlockList();
forbiddenIPv6.addAddress('::', 'ipv6');
forbiddenIPv6.addAddress('::1', 'ipv6');
for (const [network, prefix] of [
  ['fc00::', 7], // unique-local, includes fd00:ec2::254 (AWS metadata over IPv6)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // deprecated site-local, still routed inside some networks
  ['ff00::', 8], // multicast
] as const) {
  forbiddenIPv6.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether a resolved address is one a webhook must not be delivered to (loopback, private, link-local,
 * metadata, multicast, reserved), including IPv6 spellings of such IPv4 addresses. Anything that is not a
 * valid IP address is forbidden too, so a parsing surprise fails closed.
 */
export function isForbiddenAddress(ip: string): boolean {
  if (isIPv4(ip)) return forbiddenIPv4.check(ip, 'ipv4');
  // Zone ids (fe80::1%eth0) only say which interface to use; the address itself decides.
  const address = ip.split('%', 1)[0] ?? '';
  if (!isIPv6(address)) return true;
  const embeddedIPv4 = embeddedIPv4Of(ipv6Bytes(address));
  if (embeddedIPv4 !== null) return forbiddenIPv4.check(embeddedIPv4, 'ipv4');
  return forbiddenIPv6.check(address, 'ipv6');
}

/**
 * The IPv4 address carried by IPv6 forms that the operating system or the network translate back to IPv4,
 * which would otherwise smuggle 127.0.0.1 or 169.254.169.254 past an IPv6-only check.
 */
function embeddedIPv4Of(bytes: Uint8Array): string | null {
  const startsWith = (prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  const zeros = (count: number) => new Array<number>(count).fill(0);
  const lastFourBytes = () => Array.from(bytes.subarray(12, 16)).join('.');
  // ::ffff:a.b.c.d, IPv4-mapped: dual-stack sockets connect to a.b.c.d.
  if (startsWith([...zeros(10), 0xff, 0xff])) return lastFourBytes();
  // ::a.b.c.d, the deprecated IPv4-compatible form; also covers :: and ::1 (0.0.0.0/8, forbidden either way).
  if (startsWith(zeros(12))) return lastFourBytes();
  // 64:ff9b::/96, well-known NAT64 prefix: the translator forwards to a.b.c.d.
  if (startsWith([0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return lastFourBytes();
  // 2002:aabb:ccdd::/48, 6to4: relays forward to the IPv4 address in the second and third groups.
  if (startsWith([0x20, 0x02])) return Array.from(bytes.subarray(2, 6)).join('.');
  return null;
}

/** The 16 bytes of a valid IPv6 address (already checked with isIPv6), in any of its textual forms. */
function ipv6Bytes(address: string): Uint8Array {
  let text = address;
  const dottedTail = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dottedTail) {
    const [a, b, c, d] = dottedTail.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dottedTail.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groupsOf = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const headGroups = groupsOf(head);
  const tailGroups = tail === undefined ? [] : groupsOf(tail);
  const missing = 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...new Array<number>(missing).fill(0), ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((group, index) => {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  });
  return bytes;
}

/** https always; plain http only where private targets are allowed (development). */
export function isAllowedScheme(protocol: string, allowPrivateTargets: boolean): boolean {
  return protocol === 'https:' || (allowPrivateTargets && protocol === 'http:');
}

/** The URL's host without IPv6 brackets (URL has already normalised exotic IPv4 spellings). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * What can be refused from the URL alone, when an endpoint is registered: the scheme, and a host
 * that is a forbidden address or a localhost name. Names that resolve to forbidden addresses can
 * only be caught at delivery time (DNS answers change), which the sender does.
 */
export function urlTargetRefusal(
  url: URL,
  allowPrivateTargets: boolean,
): 'https_required' | 'forbidden_address' | null {
  if (!isAllowedScheme(url.protocol, allowPrivateTargets)) return 'https_required';
  if (allowPrivateTargets) return null;
  const host = hostOf(url);
  if (isIP(host) !== 0) return isForbiddenAddress(host) ? 'forbidden_address' : null;
  const name = host.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost') ? 'forbidden_address' : null;
}
