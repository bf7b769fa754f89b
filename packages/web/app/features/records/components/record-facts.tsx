import type { BoundingBox } from '@geoportal/contract/object';
import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { hasTranslation } from '../../../lib/http/error-text';
import type { RecordView } from '../api/get-record';
import { DateTime } from './date-time';
import classes from './records.module.css';

const sides = ['west', 'south', 'east', 'north'] as const;

/** The bounding box as its four numbers, each named (screen readers hear "West: 5.87°"). */
function Extent({ extent }: { extent: BoundingBox }) {
  return (
    <ul className={classes.extent}>
      {sides.map((side) => (
        <li key={side}>
          <FormattedMessage id={`record.extent.${side}`} />{' '}
          <FormattedNumber value={extent[side]} maximumFractionDigits={6} />°
        </li>
      ))}
    </ul>
  );
}

/**
 * The key facts of a record as a description list: type, keywords, extent, last change and
 * owner. Facts the record lacks are left out rather than shown empty.
 */
export function RecordFacts({ record }: { record: RecordView }) {
  const intl = useIntl();
  const { keywords, extent } = record.metadata;
  // Resource types come from a classification later; a known one is translated until then.
  const typeKey = `record.type.${record.type}`;
  const type = hasTranslation(intl.messages, typeKey)
    ? intl.formatMessage({ id: typeKey })
    : record.type;
  const facts: { key: string; value: ReactNode }[] = [
    { key: 'record.fact.type', value: type },
    ...(keywords && keywords.length > 0
      ? [{ key: 'record.fact.keywords', value: keywords.join(', ') }]
      : []),
    ...(extent ? [{ key: 'record.fact.extent', value: <Extent extent={extent} /> }] : []),
    { key: 'record.fact.modified', value: <DateTime value={record.modified} /> },
    { key: 'record.fact.owner', value: record.owner },
  ];
  return (
    <dl className={classes.facts}>
      {facts.map((fact) => (
        <div key={fact.key}>
          <dt>
            <FormattedMessage id={fact.key} />
          </dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
