import { describe, expect, it } from 'vitest'
import { isPublicAddress } from './public-address'

describe('which addresses are on the public internet (outbound calls, decision 0042)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'this network'],
    ['0.1.2.3', 'this network'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['100.127.255.255', 'carrier-grade NAT'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.0.1', 'link-local'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
  ])('IPv4 %s is not public (%s)', (ip) => expect(isPublicAddress(ip)).toBe(false))

  it.each([
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['0:0:0:0:0:0:0:1', 'loopback, written in full'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local with a zone'],
    ['febf::1', 'link-local'],
    ['fc00::1', 'unique local'],
    ['fd00:ec2::254', 'unique local (cloud metadata over IPv6)'],
    ['ff02::1', 'multicast'],
    ['fec0::1', 'site-local'],
    ['2001:db8::1', 'documentation'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2002:7f00:1::1', '6to4'],
    ['100::1', 'discard'],
  ])('IPv6 %s is not public (%s)', (ip) => expect(isPublicAddress(ip)).toBe(false))

  it.each([
    ['::ffff:127.0.0.1', 'mapped loopback'],
    ['::ffff:7f00:1', 'mapped loopback in hex'],
    ['::ffff:169.254.169.254', 'mapped cloud metadata'],
    ['::ffff:a9fe:a9fe', 'mapped cloud metadata in hex'],
    ['::ffff:10.1.2.3', 'mapped private'],
    ['::ffff:0.0.0.0', 'mapped this network'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::192.168.0.1', 'NAT64 of private'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
  ])('an IPv4 address in IPv6 clothes, %s, is not public (%s)', (ip) => expect(isPublicAddress(ip)).toBe(false))

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '34.120.195.249',
    '172.15.255.255',
    '172.32.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '169.253.255.255',
    '223.255.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81c::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (ip) => expect(isPublicAddress(ip)).toBe(true))

  it.each(['localhost', 'example.com', '', '127.1', '0x7f000001', '1.2.3', '::ffff:999.0.0.1', 'fe80::1%'])('%s is not an address, so not public', (text) =>
    expect(isPublicAddress(text)).toBe(false),
  )
})
