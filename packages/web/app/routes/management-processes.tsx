import { Center, Loader } from '@mantine/core';
import { useIntl } from 'react-intl';
import { PageSection } from '../components/layout/page-section';
import { ProcessesPage } from '../features/processes/components/processes-page';
import { useAuth } from '../lib/auth/use-auth';
import { pageMeta } from '../lib/page-meta';

export const meta = pageMeta('menu.management.processes');

/** Breadcrumb label key and the roles this page needs (SPEC §6: administrators only). */
export const handle = {
  breadcrumb: 'menu.management.processes',
  guard: { roles: ['administrator'] },
};

/** Background processes (issue 20): rendered in the browser, where the session is known. */
export default function ManagementProcessesRoute() {
  const { status } = useAuth();
  const intl = useIntl();
  return (
    <PageSection titleKey="menu.management.processes">
      {status === 'authenticated' ? (
        <ProcessesPage />
      ) : (
        <Center py="xl">
          <Loader role="status" aria-label={intl.formatMessage({ id: 'processes.loading' })} />
        </Center>
      )}
    </PageSection>
  );
}
