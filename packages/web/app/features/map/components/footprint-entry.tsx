import type { FootprintFeature } from '@geoportal/contract/search';
import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { pathTo } from '../../../route-paths';
import { footprintTitle, recordTypeMessages } from '../model/footprint-text';

/** One record of the footprints: title linking to the record, type, and "add to map". */
export function FootprintEntry({
  feature,
  onAdd,
  adding,
  children,
}: {
  feature: FootprintFeature;
  onAdd: (id: string, title: string) => void;
  adding: boolean;
  /** More actions (the list's "show on map"). */
  children?: React.ReactNode;
}) {
  const intl = useIntl();
  const title = footprintTitle(feature, intl.locale);
  const typeId = recordTypeMessages[feature.properties.type];
  return (
    <Stack gap={4}>
      <Anchor
        component={Link}
        to={pathTo('metadata.record', { id: feature.id })}
        size="sm"
        fw={500}
      >
        {title}
      </Anchor>
      <Group gap={6}>
        <Badge variant="default" size="sm" tt="none" fw={500}>
          {typeId ? intl.formatMessage({ id: typeId }) : feature.properties.type}
        </Badge>
        {feature.properties.mapServices && (
          <Button
            size="compact-xs"
            variant="light"
            loading={adding}
            onClick={() => onAdd(feature.id, title)}
            aria-label={intl.formatMessage({ id: 'map.results.addToMapNamed' }, { title })}
          >
            {intl.formatMessage({ id: 'map.results.addToMap' })}
          </Button>
        )}
        {children}
      </Group>
    </Stack>
  );
}
