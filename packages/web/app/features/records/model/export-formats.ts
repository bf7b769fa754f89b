import type { MessageDescriptor } from 'react-intl';

/** A metadata export the API offers (`GET /object/{id}?format=…`). */
export interface ExportFormat {
  /** The value of the `format` query parameter. */
  format: 'iso19139' | 'geojson';
  /** The link text. */
  label: MessageDescriptor;
  /** File name extension of the download, `<id>.<extension>`. */
  extension: string;
  /** Media type asked for (`Accept`) and given to the saved file. */
  mediaType: string;
}

export const exportFormats: readonly ExportFormat[] = [
  {
    format: 'iso19139',
    label: { id: 'record.export.iso19139' },
    extension: 'xml',
    mediaType: 'application/xml',
  },
  {
    format: 'geojson',
    label: { id: 'record.export.geojson' },
    extension: 'geojson',
    mediaType: 'application/geo+json',
  },
];

/** The file name of a record's export, e.g. `record-0000000001.xml`. */
export function exportFileName(id: string, format: ExportFormat): string {
  return `${id}.${format.extension}`;
}
