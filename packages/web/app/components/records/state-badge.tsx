import type { ObjectState } from '@geoportal/contract/object';
import { Badge, VisuallyHidden } from '@mantine/core';
import { FormattedMessage } from 'react-intl';

/** A colour per state for the badge's dot; the text carries the meaning, not the colour. */
const stateColors: Record<ObjectState, string> = {
  draft: 'gray',
  submitted: 'yellow',
  published: 'green',
  withdrawn: 'red',
};

/**
 * The workflow state as a badge, e.g. "Entwurf", on record pages, record lists and search
 * hits. The dot variant keeps the text in the page's text colour (coloured text on coloured
 * ground fails contrast); screen readers hear "Status: Entwurf".
 */
export function StateBadge({ state, size = 'lg' }: { state: ObjectState; size?: 'sm' | 'lg' }) {
  return (
    <Badge variant="dot" color={stateColors[state]} size={size} tt="none">
      <VisuallyHidden>
        <FormattedMessage id="record.stateLabel" />{' '}
      </VisuallyHidden>
      <FormattedMessage id={`state.${state}`} />
    </Badge>
  );
}
