import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.js';

describe('harvest configuration', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({}).harvest).toEqual({
      deleteThreshold: 0.5,
      maxPages: 2000,
      maxRecords: 200_000,
      pageSize: 100,
      timeoutMs: 60_000,
      maxBytes: 50 * 1024 ** 2,
      allowPrivate: [],
    });
  });

  it('reads the HARVEST_* variables', () => {
    const config = loadConfig({
      HARVEST_DELETE_THRESHOLD: '0.25',
      HARVEST_MAX_PAGES: '10',
      HARVEST_MAX_RECORDS: '500',
      HARVEST_PAGE_SIZE: '50',
      HARVEST_TIMEOUT_SECONDS: '5',
      HARVEST_MAX_BYTES: '1000',
      HARVEST_ALLOW_PRIVATE: 'csw.intranet.local, 10.1.2.3:8080',
    }).harvest;
    expect(config).toEqual({
      deleteThreshold: 0.25,
      maxPages: 10,
      maxRecords: 500,
      pageSize: 50,
      timeoutMs: 5000,
      maxBytes: 1000,
      allowPrivate: [
        { host: 'csw.intranet.local', port: null },
        { host: '10.1.2.3', port: 8080 },
      ],
    });
    expect(loadConfig({ HARVEST_DELETE_THRESHOLD: '0' }).harvest.deleteThreshold).toBe(0);
    // Harvesting's intranet hosts are not the map's.
    expect(
      loadConfig({ HARVEST_ALLOW_PRIVATE: 'csw.intranet.local' }).geo.proxyAllowPrivate,
    ).toEqual([]);
  });

  it('refuses values outside their range, naming the variable', () => {
    for (const [name, value] of [
      ['HARVEST_DELETE_THRESHOLD', '1.5'],
      ['HARVEST_DELETE_THRESHOLD', 'half'],
      ['HARVEST_MAX_PAGES', '0'],
      ['HARVEST_PAGE_SIZE', '5000'],
      ['HARVEST_ALLOW_PRIVATE', 'http://csw.intranet.local/'],
    ]) {
      expect(() => loadConfig({ [name as string]: value }), `${name}=${value}`).toThrow(
        ConfigError,
      );
      try {
        loadConfig({ [name as string]: value });
      } catch (error) {
        expect((error as Error).message).toContain(name);
      }
    }
  });
});
