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

describe('the catalogue identity (CATALOGUE_*, formerly CSW_*)', () => {
  it('describes the catalogue with the built-in texts when nothing is set, as before', () => {
    const config = loadConfig({});
    expect(config.catalogue).toEqual({
      defaultLanguage: 'de',
      texts: {
        de: {
          title: 'Geoportal-Katalogdienst',
          abstract: 'Metadaten der Geodaten, Dienste und Dokumente dieses Geoportals (CSW 2.0.2).',
          keywords: ['Katalog', 'Metadaten', 'CSW'],
          fees: 'keine',
          accessConstraints: 'keine',
          providerName: 'Geoportal',
          contactName: undefined,
        },
        en: {
          title: 'Geoportal catalogue service',
          abstract:
            'Metadata of the geodata, services and documents of this Geoportal (CSW 2.0.2).',
          keywords: ['catalogue', 'metadata', 'CSW'],
          fees: 'none',
          accessConstraints: 'none',
          providerName: 'Geoportal',
          contactName: undefined,
        },
      },
      providerSite: undefined,
      contactEmail: undefined,
    });
    expect(config.oai).toMatchObject({
      repositoryName: 'Geoportal catalogue',
      adminEmail: 'webmaster@localhost',
    });
    expect(config.dcat.publisherName).toBe('Geoportal');
    expect(config.csw.maxRecords).toBe(100);
  });

  it('reads every CATALOGUE_* variable', () => {
    const { catalogue } = loadConfig({
      CATALOGUE_DEFAULT_LANGUAGE: 'en',
      CATALOGUE_TITLE_DE: 'Landeskatalog',
      CATALOGUE_TITLE_EN: 'State catalogue',
      CATALOGUE_ABSTRACT: 'About it',
      CATALOGUE_KEYWORDS: 'a, b,,c',
      CATALOGUE_FEES_DE: 'gebührenfrei',
      CATALOGUE_ACCESS_CONSTRAINTS_EN: 'open',
      CATALOGUE_PROVIDER_NAME_DE: 'Landesamt',
      CATALOGUE_CONTACT_NAME: 'Katalogteam',
      CATALOGUE_PROVIDER_SITE: 'https://landesamt.example.org',
      CATALOGUE_CONTACT_EMAIL: 'katalog@example.org',
    });
    expect(catalogue.defaultLanguage).toBe('en');
    expect(catalogue.texts.de).toEqual({
      title: 'Landeskatalog',
      abstract: 'About it',
      keywords: ['a', 'b', 'c'],
      fees: 'gebührenfrei',
      // Unset in German: the default language's (en) text.
      accessConstraints: 'open',
      providerName: 'Landesamt',
      contactName: 'Katalogteam',
    });
    expect(catalogue.texts.en).toMatchObject({
      title: 'State catalogue',
      fees: 'none',
      providerName: 'Geoportal',
    });
    expect(catalogue.providerSite).toBe('https://landesamt.example.org');
    expect(catalogue.contactEmail).toBe('katalog@example.org');
  });

  it('falls back to the CSW_* name of each variable, the CATALOGUE_* name winning at each step', () => {
    const { catalogue, csw } = loadConfig({
      CSW_DEFAULT_LANGUAGE: 'en',
      CSW_TITLE_EN: 'Old English title',
      CATALOGUE_TITLE: 'New unmarked title',
      CSW_ABSTRACT: 'Old abstract',
      CATALOGUE_ABSTRACT: 'New abstract',
      CSW_PROVIDER_SITE: 'https://old.example.org',
      CSW_CONTACT_EMAIL: 'old@example.org',
      CATALOGUE_CONTACT_EMAIL: 'new@example.org',
      CSW_MAX_RECORDS: '7',
    });
    expect(catalogue.defaultLanguage).toBe('en');
    // The own language's variable under its old name comes before an unmarked new one.
    expect(catalogue.texts.en.title).toBe('Old English title');
    expect(catalogue.texts.de.title).toBe('Old English title');
    expect(catalogue.texts.de.abstract).toBe('New abstract');
    expect(catalogue.providerSite).toBe('https://old.example.org');
    expect(catalogue.contactEmail).toBe('new@example.org');
    expect(csw.maxRecords).toBe(7);
  });

  it('names OAI-PMH and the DCAT publisher after the catalogue unless their own variables say otherwise', () => {
    const named = loadConfig({
      CATALOGUE_TITLE_DE: 'Landeskatalog',
      CATALOGUE_PROVIDER_NAME: 'Landesamt',
      CATALOGUE_CONTACT_EMAIL: 'katalog@example.org',
    });
    expect(named.oai).toMatchObject({
      repositoryName: 'Landeskatalog',
      adminEmail: 'katalog@example.org',
    });
    expect(named.dcat.publisherName).toBe('Landesamt');
    const own = loadConfig({
      CATALOGUE_TITLE: 'Landeskatalog',
      CATALOGUE_CONTACT_EMAIL: 'katalog@example.org',
      OAI_REPOSITORY_NAME: 'OAI-Name',
      OAI_ADMIN_EMAIL: 'oai@example.org',
      DCAT_PUBLISHER_NAME: 'Herausgeber',
    });
    expect(own.oai).toMatchObject({ repositoryName: 'OAI-Name', adminEmail: 'oai@example.org' });
    expect(own.dcat.publisherName).toBe('Herausgeber');
    // The old name of the title still names the repository too.
    expect(loadConfig({ CSW_TITLE: 'Alter Katalog' }).oai.repositoryName).toBe('Alter Katalog');
  });

  it('names every bad catalogue variable, under either name', () => {
    let error: unknown;
    try {
      loadConfig({
        CATALOGUE_DEFAULT_LANGUAGE: 'fr',
        CATALOGUE_PROVIDER_SITE: 'ftp://x',
        CATALOGUE_CONTACT_EMAIL: 'nobody',
        CATALOGUE_TITLE_EN: 'x'.repeat(501),
        CSW_CONTACT_EMAIL: 'nobody either',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((p) => p.split('=')[0]);
    expect(names.sort()).toEqual([
      'CATALOGUE_CONTACT_EMAIL',
      'CATALOGUE_DEFAULT_LANGUAGE',
      'CATALOGUE_PROVIDER_SITE',
      'CATALOGUE_TITLE_EN',
      'CSW_CONTACT_EMAIL',
    ]);
  });
});
