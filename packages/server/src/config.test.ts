import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONTENT_DIR, loadConfig } from './config.js';

const repositoryRoot = fileURLToPath(new URL('../../..', import.meta.url));

describe('loadConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8085,
      host: 'localhost',
      dataDir: path.resolve('data'),
      databaseUrl: undefined,
      databaseSchema: 'public',
      publicUrl: 'http://localhost:8085',
      apiBase: '/api/v1',
      ssrApiBase: 'http://127.0.0.1:8085/api/v1',
      formLogin: true,
      demoData: true,
      maxUploadBytes: 1024 ** 3,
      maxBodyBytes: 1024 ** 2,
      logLevel: 'info',
      sessionIdleTimeoutSeconds: 7200,
      sessionAbsoluteTimeoutSeconds: 43200,
      trustProxy: false,
      contentDir: path.join(repositoryRoot, 'content'),
    });
  });

  it('finds the content folder at the repository root, whatever the working directory', () => {
    expect(DEFAULT_CONTENT_DIR).toBe(path.join(repositoryRoot, 'content'));
    expect(existsSync(path.join(DEFAULT_CONTENT_DIR, 'legal.de.md'))).toBe(true);
  });

  it('resolves a relative CONTENT_DIR against the working directory', () => {
    expect(loadConfig({ CONTENT_DIR: 'my-pages' }).contentDir).toBe(path.resolve('my-pages'));
  });

  it('reads every variable and its units', () => {
    const config = loadConfig({
      PORT: '9000',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/geoportal',
      DATABASE_URL: 'postgres://geo@db.example/geoportal',
      DATABASE_SCHEMA: 'catalogue',
      PUBLIC_URL: 'https://geo.example.de/',
      API_BASE: 'https://api.geo.example.de/api/v1/',
      SSR_API_BASE: 'http://app:9000/api/v1',
      FORM_LOGIN: 'off',
      ADMIN_PASSWORD: 'a-long-secret',
      MAX_UPLOAD_BYTES: '1000',
      MAX_BODY_BYTES: '2000',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'json',
      SESSION_IDLE_TIMEOUT: '30m',
      SESSION_ABSOLUTE_TIMEOUT: '1d',
      SHUTDOWN_TIMEOUT: '90s',
      TRUST_PROXY: 'yes',
      CONTENT_DIR: '/srv/geoportal/content',
    });
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/geoportal',
      databaseUrl: 'postgres://geo@db.example/geoportal',
      databaseSchema: 'catalogue',
      publicUrl: 'https://geo.example.de',
      apiBase: 'https://api.geo.example.de/api/v1',
      ssrApiBase: 'http://app:9000/api/v1',
      formLogin: false,
      // Demo data defaults to off on a PostgreSQL server.
      demoData: false,
      adminPassword: 'a-long-secret',
      maxUploadBytes: 1000,
      maxBodyBytes: 2000,
      logLevel: 'warn',
      logFormat: 'json',
      sessionIdleTimeoutSeconds: 1800,
      sessionAbsoluteTimeoutSeconds: 86400,
      shutdownTimeoutSeconds: 90,
      trustProxy: true,
      contentDir: '/srv/geoportal/content',
    });
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ PORT: '', DEMO_DATA: ' ' }).port).toBe(8085);
  });

  it('names every bad variable at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        LOG_LEVEL: 'loud',
        DATABASE_URL: 'mysql://x',
        DEMO_DATA: 'maybe',
        SESSION_IDLE_TIMEOUT: 'soon',
        PUBLIC_URL: 'ftp://x',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    for (const name of [
      'PORT',
      'LOG_LEVEL',
      'DATABASE_URL',
      'DEMO_DATA',
      'SESSION_IDLE_TIMEOUT',
      'PUBLIC_URL',
    ]) {
      expect(message).toContain(`${name}=`);
    }
    expect((error as ConfigError).problems).toHaveLength(6);
  });

  it('refuses out-of-range numbers and an idle timeout longer than the absolute one', () => {
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(() => loadConfig({ MAX_UPLOAD_BYTES: '0' })).toThrow(/MAX_UPLOAD_BYTES/);
    expect(() => loadConfig({ SESSION_IDLE_TIMEOUT: '13h' })).toThrow(/SESSION_IDLE_TIMEOUT/);
    expect(() => loadConfig({ DATABASE_SCHEMA: 'x; drop table' })).toThrow(/DATABASE_SCHEMA/);
  });

  it('cuts the sitemap into files of SITEMAP_PAGE_SIZE, at most the protocol limit of 50,000', () => {
    expect(loadConfig({}).sitemap).toEqual({ pageSize: 50_000 });
    expect(loadConfig({ SITEMAP_PAGE_SIZE: '1000' }).sitemap).toEqual({ pageSize: 1000 });
    for (const bad of ['50001', '0', '-1', '1e3']) {
      expect(() => loadConfig({ SITEMAP_PAGE_SIZE: bad }), bad).toThrow(/SITEMAP_PAGE_SIZE/);
    }
  });
});
