import { describe, expect, it } from 'vitest';
import { startupMessage } from './startup-message.js';

describe('startupMessage', () => {
  it('tells a demo start where to open it, where the data lives and how to sign in', () => {
    const text = startupMessage({
      publicUrl: 'http://localhost:8085',
      dataDir: '/home/ada/geoportal/data',
      databaseUrl: undefined,
      demo: true,
    });
    expect(text).toContain('open http://localhost:8085');
    expect(text).toContain('Data folder: /home/ada/geoportal/data');
    expect(text).toContain('embedded (PGlite)');
    expect(text).toMatch(/admin\s+admin-demo\s+administrators/);
    expect(text).toMatch(/editor\s+editor-demo\s+editors/);
    expect(text).toMatch(/submitter\s+submitter-demo\s+submitters/);
  });

  it('names a PostgreSQL server without its credentials and no demo accounts without demo data', () => {
    const text = startupMessage({
      publicUrl: 'https://geo.example',
      dataDir: '/srv/geoportal',
      databaseUrl: 'postgres://portal:S3cret@db.internal:5432/geoportal',
      demo: false,
    });
    expect(text).toContain('PostgreSQL at db.internal:5432/geoportal');
    expect(text).not.toContain('S3cret');
    expect(text).not.toContain('portal:');
    expect(text).not.toContain('-demo');
  });
});
