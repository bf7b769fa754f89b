import { describe, expect, it } from 'vitest';
import { HostList, matchesRule, parseHostRule, refuseAddress } from './address-policy.js';

describe('refuseAddress', () => {
  it('lets public unicast addresses pass', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:2800:220:1:248:1893:25c8:1946']) {
      expect(refuseAddress(address, false), address).toBeNull();
    }
  });

  it('refuses loopback, private, link-local, metadata, CGNAT and other special ranges', () => {
    for (const address of [
      '127.0.0.1',
      '127.8.9.10',
      '10.0.0.5',
      '172.16.3.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '64:ff9b::a00:5',
      '2002:a00:5::1',
      'not-an-address',
    ]) {
      expect(refuseAddress(address, false), address).not.toBeNull();
    }
  });

  it('judges IPv4-compatible IPv6 addresses (::/96) by the IPv4 address inside', () => {
    // ::a9fe:a9fe is 169.254.169.254, the cloud metadata service.
    expect(refuseAddress('::a9fe:a9fe', false)).toMatch(/linkLocal/);
    expect(refuseAddress('::a9fe:a9fe', true)).toMatch(/linkLocal/);
    expect(refuseAddress('::7f00:1', false)).toMatch(/loopback/);
    expect(refuseAddress('::127.0.0.1', false)).toMatch(/loopback/);
    expect(refuseAddress('::0a00:0005', false)).toMatch(/private/);
    expect(refuseAddress('0:0:0:0:0:0:a9fe:a9fe', false)).toMatch(/linkLocal/);
    // A public IPv4 address inside is as public as the address itself.
    expect(refuseAddress('::5db8:d822', false)).toBeNull();
    // The unspecified and loopback addresses keep their own ranges.
    expect(refuseAddress('::', true)).toMatch(/unspecified/);
    expect(refuseAddress('::1', false)).toMatch(/loopback/);
    expect(refuseAddress('::1', true)).toBeNull();
  });

  it('judges IPv4-mapped IPv6 addresses by the IPv4 address inside', () => {
    expect(refuseAddress('::ffff:127.0.0.1', false)).toMatch(/loopback/);
    expect(refuseAddress('::ffff:10.0.0.5', false)).toMatch(/private/);
    expect(refuseAddress('::ffff:169.254.169.254', true)).toMatch(/linkLocal/);
    expect(refuseAddress('::ffff:93.184.216.34', false)).toBeNull();
  });

  it('lets intranet hosts reach private ranges, but never link-local, metadata or multicast', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.5',
      '192.168.1.1',
      'fd00::1',
      '100.64.0.1',
      '::1',
    ]) {
      expect(refuseAddress(address, true), address).toBeNull();
    }
    for (const address of ['169.254.169.254', 'fe80::1', '0.0.0.0', '224.0.0.1', '::']) {
      expect(refuseAddress(address, true), address).not.toBeNull();
    }
  });
});

describe('allow-list entries', () => {
  it('parses host, host:port and bracketed IPv6', () => {
    expect(parseHostRule('Maps.Example.org')).toEqual({ host: 'maps.example.org', port: null });
    expect(parseHostRule('maps.example.org:8080')).toEqual({
      host: 'maps.example.org',
      port: 8080,
    });
    expect(parseHostRule('127.0.0.1:9000')).toEqual({ host: '127.0.0.1', port: 9000 });
    expect(parseHostRule('[::1]:9000')).toEqual({ host: '::1', port: 9000 });
    for (const bad of [
      'http://maps.example.org',
      'a b',
      'host:0',
      'host:70000',
      '*.example.org',
      '[x]:1',
      '::1',
    ]) {
      expect(parseHostRule(bad), bad).toBeNull();
    }
  });

  it('matches the port given, or 80 and 443 when none is given', () => {
    const any = { host: 'maps.example.org', port: null };
    expect(matchesRule(any, 'maps.example.org', 443)).toBe(true);
    expect(matchesRule(any, 'maps.example.org', 80)).toBe(true);
    expect(matchesRule(any, 'maps.example.org', 8080)).toBe(false);
    expect(matchesRule(any, 'evil.maps.example.org', 443)).toBe(false);
    expect(matchesRule({ host: 'maps.example.org', port: 8080 }, 'maps.example.org', 8080)).toBe(
      true,
    );
    expect(matchesRule({ host: '::1', port: 1 }, '0:0:0:0:0:0:0:1', 1)).toBe(true);
  });

  it('reads a comma-separated list and names a bad entry', () => {
    expect(HostList.parse(' a.example , b.example:81 ,')).toEqual([
      { host: 'a.example', port: null },
      { host: 'b.example', port: 81 },
    ]);
    const result = HostList.safeParse('a.example, http://b.example/');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/http:\/\/b\.example\//);
  });
});
