import type { TemporalExtent } from '@geoportal/contract/record';
import { FormattedMessage } from 'react-intl';
import { CalendarDate } from './date-time';

/** A temporal extent "from … to …"; an open end reads "from …" or "until …". */
export function TemporalExtentText({ extent }: { extent: TemporalExtent }) {
  const start = extent.start && <CalendarDate value={extent.start} />;
  const end = extent.end && <CalendarDate value={extent.end} />;
  if (start && end) return <FormattedMessage id="record.time.range" values={{ start, end }} />;
  if (start) return <FormattedMessage id="record.time.from" values={{ start }} />;
  if (end) return <FormattedMessage id="record.time.until" values={{ end }} />;
  return null;
}
