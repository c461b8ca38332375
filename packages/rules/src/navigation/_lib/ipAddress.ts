const IPV4 = /^(?:0|[1-9]\d{0,2})(?:\.(?:0|[1-9]\d{0,2})){3}$/;

function parseIpv4(text: string): number[] | null {
  if (!IPV4.test(text)) return null;
  const octets = text.split('.').map(Number);
  return octets.every((o) => o <= 255) ? octets : null;
}

function parseHexGroups(text: string): number[] | null {
  if (text === '') return [];
  const groups = text.split(':');
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return null;
  return groups.map((g) => Number.parseInt(g, 16));
}

function parseIpv6(text: string): number[] | null {
  let head = text;
  const tail: number[] = [];
  const v4 = /:(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (v4) {
    const octets = parseIpv4(v4[1] as string);
    if (octets === null) return null;
    const [a, b, c, d] = octets as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    head = head.slice(0, v4.index + 1);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const halves = head.split('::');
  if (halves.length > 2) return null;
  const left = parseHexGroups(halves[0] as string);
  const right = halves.length === 2 ? parseHexGroups(halves[1] as string) : [];
  if (left === null || right === null) return null;
  const known = left.length + right.length + tail.length;
  if (halves.length === 1 && known !== 8) return null;
  if (halves.length === 2 && known > 7) return null;
  return [...left, ...Array<number>(8 - known).fill(0), ...right, ...tail];
}

/**
 * The canonical form of one address as a request source reports it, or null when it is not an
 * IP address. A comma list (a raw X-Forwarded-For) gives its rightmost entry, the one the nearest
 * proxy appended (the entries to its left are client-supplied). Ports, brackets and IPv6 zone ids
 * are dropped; an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) is its IPv4 address; other IPv6
 * addresses are written as eight unpadded hex groups.
 */
export function canonicalIpAddress(raw: string): string | null {
  let text = (raw.split(',').at(-1) as string).trim().toLowerCase();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed) text = bracketed[1] as string;
  const v4WithPort = /^(\d+\.\d+\.\d+\.\d+):\d+$/.exec(text);
  if (v4WithPort) text = v4WithPort[1] as string;
  const v4 = parseIpv4(text);
  if (v4 !== null) return v4.join('.');
  const groups = parseIpv6(text.replace(/%.*$/, ''));
  if (groups === null) return null;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi, lo] = [groups[6] as number, groups[7] as number];
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return groups.map((g) => g.toString(16)).join(':');
}
