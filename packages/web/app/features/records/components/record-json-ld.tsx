import { type DatasetJsonLd, serializeJsonLd } from '../model/dataset-json-ld';

/**
 * The schema.org description as a JSON-LD data block. A data block is never executed, so the
 * Content-Security-Policy does not apply to it; it still carries the response's nonce, so a
 * stricter policy or a scanner that treats every inline script alike lets it through.
 */
export function RecordJsonLd({ value, nonce }: { value: DatasetJsonLd; nonce?: string }) {
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with <, > and & escaped (serializeJsonLd)
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(value) }}
    />
  );
}
