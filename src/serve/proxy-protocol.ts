/**
 * The PROXY protocol (HAProxy's `send-proxy` and `send-proxy-v2`; docs/serve.md, "Behind a load
 * balancer"): the header a balancer puts before a connection's first byte, naming the client it
 * came from. Read only from the addresses the operator names: from anyone else it would let a
 * client claim any address. Pure: bytes in, the client's address out.
 */

/** Where a proxied connection came from: its client, or the balancer's own check (`LOCAL`). */
export type ProxySource = { readonly address: string; readonly port: number } | null;

/** What the bytes so far say: more are needed, the header (its length and source), or why not. */
export type ProxyHeader =
  | { readonly kind: 'more' }
  | { readonly kind: 'header'; readonly length: number; readonly source: ProxySource }
  | { readonly kind: 'bad'; readonly why: string };

/** The longest header of version 1, line end included. */
const V1_MAX = 107;
const V2_SIGNATURE = Buffer.from([
  0x0d, 0x0a, 0x0d, 0x0a, 0x00, 0x0d, 0x0a, 0x51, 0x55, 0x49, 0x54, 0x0a,
]);
/** Version 2's header, at most: its 16 fixed bytes and a length field's largest value. */
export const PROXY_HEADER_MAX = 16 + 0xffff;

const MORE: ProxyHeader = { kind: 'more' };
const bad = (why: string): ProxyHeader => ({ kind: 'bad', why });

/** Reads the header at the start of `data` (the bytes received so far). */
export function proxyHeader(data: Buffer): ProxyHeader {
  const start = Math.min(data.length, V2_SIGNATURE.length);
  if (V2_SIGNATURE.subarray(0, start).equals(data.subarray(0, start)))
    return data.length < V2_SIGNATURE.length ? MORE : version2(data);
  const v1 = Buffer.from('PROXY ', 'ascii');
  const begun = Math.min(data.length, v1.length);
  if (!v1.subarray(0, begun).equals(data.subarray(0, begun)))
    return bad('the connection does not start with a PROXY protocol header');
  return version1(data);
}

/** `PROXY TCP4 SRC DST SPORT DPORT\r\n`, `PROXY TCP6 ...`, or `PROXY UNKNOWN ...\r\n`. */
function version1(data: Buffer): ProxyHeader {
  const end = data.indexOf('\r\n');
  if (end < 0) return data.length >= V1_MAX ? bad('a PROXY header longer than 107 bytes') : MORE;
  const line = data.subarray(0, end).toString('ascii');
  const words = line.split(' ');
  if (words[1] === 'UNKNOWN') return { kind: 'header', length: end + 2, source: null };
  const [, family, source, , sourcePort] = words;
  if (words.length !== 6 || (family !== 'TCP4' && family !== 'TCP6'))
    return bad(`not a PROXY header: ${JSON.stringify(line.slice(0, 60))}`);
  const port = Number(sourcePort);
  const valid = family === 'TCP4' ? isIPv4(source) : isIPv6(source);
  if (!valid || !/^\d{1,5}$/.test(sourcePort) || port > 65535)
    return bad(`a PROXY header with a bad source: ${JSON.stringify(line.slice(0, 60))}`);
  return { kind: 'header', length: end + 2, source: { address: source, port } };
}

/** The binary header: signature, version and command, family, length, addresses. */
function version2(data: Buffer): ProxyHeader {
  if (data.length < 16) return MORE;
  const versionCommand = data[12];
  if (versionCommand >> 4 !== 2) return bad('a PROXY header of an unknown version');
  const command = versionCommand & 0x0f;
  const length = 16 + data.readUInt16BE(14);
  if (data.length < length) return MORE;
  // LOCAL: the balancer's own connection (a health check), from no client.
  if (command === 0) return { kind: 'header', length, source: null };
  if (command !== 1) return bad('a PROXY header with an unknown command');
  const family = data[13] >> 4;
  const body = data.subarray(16, length);
  if (family === 1 && body.length >= 12)
    return {
      kind: 'header',
      length,
      source: { address: [...body.subarray(0, 4)].join('.'), port: body.readUInt16BE(8) },
    };
  if (family === 2 && body.length >= 36) {
    const groups = [];
    for (let i = 0; i < 16; i += 2) groups.push(body.readUInt16BE(i).toString(16));
    return {
      kind: 'header',
      length,
      source: { address: compactIPv6(groups), port: body.readUInt16BE(32) },
    };
  }
  // Another family (a Unix socket): no client address to take.
  if (family === 0 || family === 3) return { kind: 'header', length, source: null };
  return bad('a PROXY header with an unknown address family');
}

function isIPv4(text: string | undefined): boolean {
  return (
    text !== undefined &&
    /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(text) &&
    text.split('.').every((part) => Number(part) <= 255 && !/^0\d/.test(part))
  );
}

function isIPv6(text: string | undefined): boolean {
  return text !== undefined && /^[0-9A-Fa-f:.]{2,45}$/.test(text) && text.includes(':');
}

/** An IPv6 address as Node writes one: the longest run of zero groups as `::`. */
function compactIPv6(groups: string[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < groups.length;) {
    if (groups[i] !== '0') {
      i++;
      continue;
    }
    let j = i;
    while (j < groups.length && groups[j] === '0') j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j;
  }
  if (best < 0) return groups.join(':');
  return `${groups.slice(0, best).join(':')}::${groups.slice(best + bestLength).join(':')}`;
}
