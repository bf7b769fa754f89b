import { Tabs } from '@mantine/core';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../route-paths';

const labels = {
  'management.users': 'menu.management.users',
  'management.groups': 'menu.management.groups',
  'management.audit': 'route.management.audit',
} as const;
type Page = keyof typeof labels;
const pages = Object.keys(labels) as Page[];

/** Tabs between users, groups and the audit log; each tab is its own address. */
export function ManagementTabs({ current }: { current: Page }) {
  const intl = useIntl();
  const navigate = useNavigate();
  return (
    <Tabs
      value={current}
      onChange={(value) => value && void navigate(pathTo(value as Page))}
      mb="md"
      aria-label={intl.formatMessage({ id: 'users.tabs' })}
    >
      <Tabs.List>
        {pages.map((page) => (
          <Tabs.Tab key={page} value={page}>
            {intl.formatMessage({ id: labels[page] })}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
