import { describe, expect, it } from 'vitest';
import {
  bearerFilePath,
  bearerIssuePath,
  bearerZipPath,
  bundleZipPath,
  deletePath,
  filePath,
  fileRefOfPath,
  indexPath,
  previewImagePath,
  previewTypePath,
  subtitlesPath,
  uploadPath,
} from './file-paths';

const ref = { id: 'record-1', bundle: 'data', path: 'Ordner mit Leerzeichen/Über#sicht?.pdf' };

describe('file paths', () => {
  it('encodes every segment and keeps / between them (SPEC §7)', () => {
    expect(filePath(ref)).toBe(
      '/object/record-1/data/Ordner%20mit%20Leerzeichen/%C3%9Cber%23sicht%3F.pdf',
    );
    expect(indexPath(ref)).toBe(
      '/object/record-1/data/index/Ordner%20mit%20Leerzeichen/%C3%9Cber%23sicht%3F.pdf',
    );
    expect(deletePath(ref)).toBe(
      '/object/record-1/data/delete/Ordner%20mit%20Leerzeichen/%C3%9Cber%23sicht%3F.pdf',
    );
    expect(uploadPath('record-1', 'data')).toBe('/object/record-1/data/upload');
  });

  it('builds the signed, preview and media forms', () => {
    expect(bearerFilePath({ ...ref, path: 'a.png' }, 'tok/en')).toBe(
      '/object/bearer-record-1/data/tok%2Fen/a.png',
    );
    expect(previewImagePath('large', { ...ref, path: 'bild.tif' })).toBe(
      '/object/preview/large/record-1/data/bild.tif',
    );
    expect(previewTypePath('record-1')).toBe('/object/preview/record-1/type');
    expect(subtitlesPath('record-1')).toBe('/media/subtitles/record-1');
  });

  it('builds the bearer issue and the ZIP forms', () => {
    expect(bearerIssuePath('record-1', 'data')).toBe('/object/record-1/data/bearer');
    expect(bundleZipPath('record-1', 'data')).toBe('/object/record-1/data?format=zip');
    expect(bearerZipPath('record-1', 'data', 'tok')).toBe(
      '/object/bearer-record-1/data/tok?format=zip',
    );
  });

  it('reads the file of a download URL the server listed', () => {
    expect(fileRefOfPath('/object/record-1/data/Ordner/%C3%BC%20b.de.vtt')).toEqual({
      id: 'record-1',
      bundle: 'data',
      path: 'Ordner/ü b.de.vtt',
    });
    expect(fileRefOfPath('/object/bearer-record-1/data/tok/a.vtt')).toBeUndefined();
    expect(fileRefOfPath('/object/preview/large/record-1/data/a.png')).toBeUndefined();
    expect(fileRefOfPath('/media/subtitle/record-1/de')).toBeUndefined();
    expect(fileRefOfPath('/object/record-1/data/%E0%A4%A.vtt')).toBeUndefined();
  });
});
