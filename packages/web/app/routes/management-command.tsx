import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PageSection } from '../components/layout/page-section';
import { CommandConsole } from '../features/commands/components/command-console';
import { useAuth } from '../lib/auth/use-auth';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('menu.management.command');

/** Breadcrumb label key and the roles this page needs (SPEC §6: administrators only). */
export const handle = {
  breadcrumb: 'menu.management.command',
  guard: { roles: ['administrator'] },
};

/** The command console (issue 23): rendered in the browser, where the session is known. */
export default function ManagementCommandRoute() {
  const { status } = useAuth();
  const intl = useIntl();
  return (
    <PageSection titleKey="menu.management.command">
      {status === 'authenticated' ? (
        <CommandConsole />
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={intl.formatMessage({ id: 'commands.loading' })} />
        </Center>
      )}
    </PageSection>
  );
}
