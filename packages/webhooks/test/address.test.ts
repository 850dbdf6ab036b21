import { describe, expect, it } from 'vitest';
import { isForbiddenAddress, urlTargetRefusal } from '../src/index.ts';

const forbidden: Record<string, string[]> = {
  'IPv4 "this network" 0.0.0.0/8': ['0.0.0.0', '0.1.2.3', '0.255.255.255'],
  'IPv4 private 10/8': ['10.0.0.0', '10.0.0.1', '10.255.255.255'],
  'IPv4 carrier-grade NAT 100.64/10': ['100.64.0.0', '100.100.100.200', '100.127.255.255'],
  'IPv4 loopback 127/8': ['127.0.0.1', '127.0.0.53', '127.255.255.254'],
  'IPv4 link-local and metadata 169.254/16': ['169.254.0.1', '169.254.169.254', '169.254.170.2'],
  'IPv4 private 172.16/12': ['172.16.0.1', '172.20.10.5', '172.31.255.255'],
  'IPv4 protocol assignments 192.0.0/24': ['192.0.0.0', '192.0.0.8', '192.0.0.192'],
  'IPv4 private 192.168/16': ['192.168.0.1', '192.168.1.254', '192.168.255.255'],
  'IPv4 benchmarking 198.18/15': ['198.18.0.1', '198.19.255.255'],
  'IPv4 multicast 224/4': ['224.0.0.1', '239.255.255.250', '233.252.0.1'],
  'IPv4 reserved 240/4 and broadcast': ['240.0.0.1', '250.1.2.3', '255.255.255.255'],
  'IPv6 unspecified and loopback': ['::', '::1', '0:0:0:0:0:0:0:1', '0000::0001'],
  'IPv6 unique-local fc00::/7': ['fc00::1', 'fd12:3456:789a::1', 'fdff:ffff::', 'fd00:ec2::254'],
  'IPv6 link-local fe80::/10': ['fe80::1', 'fe80::1%eth0', 'febf:ffff::1', 'FE80::ABCD'],
  'IPv6 site-local fec0::/10': ['fec0::1'],
  'IPv6 multicast ff00::/8': ['ff02::1', 'ff05::2', 'ff0e::1'],
  'IPv4-mapped IPv6 of a forbidden IPv4': [
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::FFFF:7F00:0001',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '::ffff:169.254.169.254',
    '::ffff:10.1.2.3',
    '::ffff:0.0.0.0',
  ],
  'IPv4-compatible IPv6 of a forbidden IPv4': ['::127.0.0.1', '::7f00:1', '::a9fe:a9fe', '::192.168.1.1'],
  'NAT64 64:ff9b::/96 of a forbidden IPv4': ['64:ff9b::127.0.0.1', '64:ff9b::7f00:1', '64:ff9b::a9fe:a9fe'],
  '6to4 2002::/16 of a forbidden IPv4': ['2002:7f00:1::1', '2002:a9fe:a9fe::', '2002:c0a8:101::1'],
  'not an IP address (fails closed)': [
    '',
    'localhost',
    'example.com',
    '127.1',
    '0x7f000001',
    '256.1.1.1',
    '1::2::3',
  ],
};

const allowed: Record<string, string[]> = {
  'public IPv4': ['8.8.8.8', '1.1.1.1', '93.184.216.34', '100.63.255.255', '100.128.0.0', '172.15.255.255'],
  'public IPv4 next to forbidden ranges': [
    '172.32.0.0',
    '192.0.1.1',
    '192.169.0.1',
    '198.17.255.255',
    '198.20.0.0',
  ],
  'public IPv4 below multicast': ['223.255.255.255', '11.0.0.1', '126.255.255.255', '128.0.0.1'],
  'public IPv6': ['2606:4700:4700::1111', '2001:4860:4860::8888', '2a00:1450:4007:80e::200e'],
  'public IPv6 next to forbidden ranges': ['fbff:ffff::1', 'fe7f::1', 'fe00::1'],
  'IPv6 embedding a public IPv4': ['::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::1.1.1.1', '2002:808:808::1'],
};

describe('isForbiddenAddress', () => {
  for (const [range, addresses] of Object.entries(forbidden)) {
    it.each(addresses)(`forbids ${range}: %j`, (address) => {
      expect(isForbiddenAddress(address)).toBe(true);
    });
  }

  for (const [range, addresses] of Object.entries(allowed)) {
    it.each(addresses)(`allows ${range}: %j`, (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    });
  }
});

describe('urlTargetRefusal (at registration, before any DNS lookup)', () => {
  const refusal = (url: string, allowPrivateTargets = false) =>
    urlTargetRefusal(new URL(url), allowPrivateTargets);

  it('accepts https to a public name or address', () => {
    expect(refusal('https://hooks.example.com/comptoir')).toBeNull();
    expect(refusal('https://93.184.215.14:8443/in')).toBeNull();
    expect(refusal('https://[2606:4700::6810:85e5]/in')).toBeNull();
  });

  it('refuses plain http unless private targets are allowed', () => {
    expect(refusal('http://hooks.example.com/')).toBe('https_required');
    expect(refusal('http://hooks.example.com/', true)).toBeNull();
  });

  it.each([
    ['loopback', 'https://127.0.0.1/'],
    ['loopback, IPv6', 'https://[::1]/'],
    ['private', 'https://10.0.0.8/'],
    ['private 172.16/12', 'https://172.20.1.1/'],
    ['private 192.168/16', 'https://192.168.1.10/'],
    ['link-local', 'https://169.254.10.10/'],
    ['metadata', 'https://169.254.169.254/latest/meta-data'],
    ['unique-local', 'https://[fd00::1]/'],
    ['link-local, IPv6', 'https://[fe80::1]/'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.1]/'],
    ['decimal spelling of loopback', 'https://2130706433/'],
    ['hex spelling of loopback', 'https://0x7f.1/'],
    ['localhost', 'https://localhost:8443/'],
    ['a localhost subdomain', 'https://api.localhost./'],
  ])('refuses %s (%s) unless private targets are allowed', (_class, url) => {
    expect(refusal(url)).toBe('forbidden_address');
    expect(refusal(url.replace('https:', 'http:'), true)).toBeNull();
  });
});
