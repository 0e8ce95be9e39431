import { isIPv4, isIPv6 } from 'node:net'

/**
 * Whether an IP address is on the public internet: not loopback, private, link-local (cloud metadata at
 * 169.254.169.254), carrier-grade NAT, multicast, reserved or documentation space, in IPv4 or IPv6, nor an IPv6
 * form of such an IPv4 address (mapped, NAT64). Anything that is not an address is not public.
 */
export function isPublicAddress(ip: string): boolean {
  const bytes = addressBytes(ip)
  if (!bytes) return false
  if (bytes.length === 4) return !NOT_PUBLIC_V4.some((range) => inRange(bytes, range))
  // an IPv4 address written as IPv6: as public as the IPv4 address
  if (inRange(bytes, MAPPED) || inRange(bytes, NAT64)) return isPublicAddress(bytes.slice(12).join('.'))
  return inRange(bytes, GLOBAL_UNICAST_V6) && !NOT_PUBLIC_V6.some((range) => inRange(bytes, range))
}

interface Range {
  bytes: number[]
  bits: number
}

const NOT_PUBLIC_V4 = [
  '0.0.0.0/8', // "this network"
  '10.0.0.0/8',
  '100.64.0.0/10', // carrier-grade NAT
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, cloud metadata
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation
  '192.88.99.0/24', // 6to4 relays
  '192.168.0.0/16',
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation
  '203.0.113.0/24', // documentation
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
].map(range)

const MAPPED = range('::ffff:0:0/96')
const NAT64 = range('64:ff9b::/96')
/** everything else outside 2000::/3 (loopback, unspecified, link-local fe80::/10, unique local fc00::/7, multicast) is not public */
const GLOBAL_UNICAST_V6 = range('2000::/3')
const NOT_PUBLIC_V6 = [
  '2001::/23', // IETF protocol assignments (Teredo, ORCHID)
  '2001:db8::/32', // documentation
  '2002::/16', // 6to4: an IPv4 address of any kind inside
  '3fff::/20', // documentation
].map(range)

function range(cidr: string): Range {
  const [ip, bits] = cidr.split('/')
  return { bytes: addressBytes(ip!)!, bits: Number(bits) }
}

function inRange(bytes: number[], r: Range): boolean {
  if (bytes.length !== r.bytes.length) return false
  for (let bit = 0; bit < r.bits; bit += 8) {
    const mask = r.bits - bit >= 8 ? 0xff : (0xff << (8 - (r.bits - bit))) & 0xff
    if ((bytes[bit / 8]! & mask) !== (r.bytes[bit / 8]! & mask)) return false
  }
  return true
}

/** The address's bytes: 4 for IPv4, 16 for IPv6 (a zone, `%eth0`, ignored), null when it is not an address. */
function addressBytes(ip: string): number[] | null {
  if (isIPv4(ip)) return ip.split('.').map(Number)
  const bare = ip.split('%')[0]!
  if (!isIPv6(bare)) return null
  // a dotted IPv4 tail (::ffff:127.0.0.1) as two groups
  const text = bare.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_, a, b, c, d) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`)
  const [head, tail] = text.split('::') as [string, string | undefined]
  const groups = (s: string | undefined) => (s ? s.split(':') : [])
  const left = groups(head)
  const right = groups(tail)
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
  return all.flatMap((g) => {
    const n = Number.parseInt(g, 16)
    return [n >> 8, n & 0xff]
  })
}
