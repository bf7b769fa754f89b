import type { Resolution } from '@geoportal/contract/record';
import { FormattedMessage } from 'react-intl';

/**
 * A spatial resolution in the page's number format: a scale "1:25.000" (de) or "1:25,000"
 * (en), or a ground distance "10 m", "2,5 km", "0.5°".
 */
export function ResolutionText({ resolution }: { resolution: Resolution }) {
  if (resolution.kind === 'scale') {
    return (
      <FormattedMessage
        id="record.resolution.scale"
        values={{ denominator: resolution.denominator }}
      />
    );
  }
  const values = { value: resolution.value };
  switch (resolution.unit) {
    case 'm':
      return <FormattedMessage id="record.resolution.m" values={values} />;
    case 'km':
      return <FormattedMessage id="record.resolution.km" values={values} />;
    case 'deg':
      return <FormattedMessage id="record.resolution.deg" values={values} />;
  }
}
