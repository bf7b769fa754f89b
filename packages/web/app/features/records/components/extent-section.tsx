import type { BoundingBox, Metadata } from '@geoportal/contract/object';
import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { ExtentMap } from '../../../components/map/extent-map-lazy';
import { mapLinkForBox } from '../../../lib/map-link';
import { CalendarDate } from './date-time';
import { type Fact, FactList } from './fact-list';
import { RecordSection } from './record-section';
import classes from './records.module.css';
import { ResolutionText } from './resolution-text';
import { TemporalExtentText } from './temporal-extent-text';

/** The sides in the order of the API and of ISO 19115: west, south, east, north. */
const sides = [
  { side: 'west', label: { id: 'record.extent.west' } },
  { side: 'south', label: { id: 'record.extent.south' } },
  { side: 'east', label: { id: 'record.extent.east' } },
  { side: 'north', label: { id: 'record.extent.north' } },
] as const;

/** The bounding box as its four numbers, each named (screen readers hear "West: 5.87°"). */
function ExtentNumbers({ extent }: { extent: BoundingBox }) {
  return (
    <ul className={classes.extent}>
      {sides.map(({ side, label }) => (
        <li key={side}>
          <FormattedMessage {...label} />{' '}
          <FormattedNumber value={extent[side]} maximumFractionDigits={6} />°
        </li>
      ))}
    </ul>
  );
}

/** A value when present, else undefined (the fact is then left out). */
const when = <T,>(value: T | undefined, show: (value: T) => ReactNode) =>
  value === undefined ? undefined : show(value);

/**
 * Where and when: the bounding box as numbers and on a small read-only map, reference
 * system, resolution, temporal extent and the reference dates, in the page's formats.
 * Left out when the record has none of them.
 */
export function ExtentSection({ metadata }: { metadata: Metadata }) {
  const intl = useIntl();
  const { extent, geometry, referenceSystem, resolution, temporalExtent, dates } = metadata;
  const facts: Fact[] = [
    {
      key: 'extent',
      label: <FormattedMessage id="record.fact.extent" />,
      value: when(extent, (box) => <ExtentNumbers extent={box} />),
    },
    {
      key: 'referenceSystem',
      label: <FormattedMessage id="record.referenceSystem" />,
      value: referenceSystem,
    },
    {
      key: 'resolution',
      label: <FormattedMessage id="record.resolution" />,
      value: when(resolution, (value) => <ResolutionText resolution={value} />),
    },
    {
      key: 'temporalExtent',
      label: <FormattedMessage id="record.temporalExtent" />,
      value: when(temporalExtent, (value) =>
        value.start || value.end ? <TemporalExtentText extent={value} /> : undefined,
      ),
    },
    {
      key: 'creation',
      label: <FormattedMessage id="record.date.creation" />,
      value: when(dates?.creation, (value) => <CalendarDate value={value} />),
    },
    {
      key: 'publication',
      label: <FormattedMessage id="record.date.publication" />,
      value: when(dates?.publication, (value) => <CalendarDate value={value} />),
    },
    {
      key: 'revision',
      label: <FormattedMessage id="record.date.revision" />,
      value: when(dates?.revision, (value) => <CalendarDate value={value} />),
    },
  ];
  const hasMap = Boolean(extent || geometry);
  if (!hasMap && facts.every((fact) => fact.value === undefined)) return null;
  return (
    <RecordSection title={<FormattedMessage id="record.section.extent" />}>
      {hasMap && (
        <div className={classes.map}>
          <ExtentMap
            extent={extent}
            geometry={geometry}
            label={intl.formatMessage({ id: 'record.extent.map' })}
          />
        </div>
      )}
      {extent && (
        <Anchor component={Link} to={mapLinkForBox(extent)} size="sm">
          <FormattedMessage id="record.extent.showOnMap" />
        </Anchor>
      )}
      <FactList facts={facts} />
    </RecordSection>
  );
}
