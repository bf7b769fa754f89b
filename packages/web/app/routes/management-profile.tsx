import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { PageSection } from '../components/layout/page-section';
import { PasswordForm } from '../features/profile/components/password-form';
import { ProfileForm } from '../features/profile/components/profile-form';
import { useAuth } from '../lib/auth/use-auth';
import { pageMeta } from '../lib/page-meta';
import { pathTo } from '../route-paths';

export const meta = pageMeta('route.management.profile');

/** Breadcrumb label key of this route (SPEC §2); any signed-in user may open it (`*`). */
export const handle = { breadcrumb: 'route.management.profile', guard: { roles: ['*'] } };

/**
 * The own profile (SPEC §2 `management.profile`): personal details and, for accounts that
 * are not managed elsewhere, the password change. Another user's name in the path gets a
 * pointer to the own profile, since the API edits only the caller's own account.
 */
export default function ManagementProfileRoute() {
  const { name } = useParams();
  const { status, principal } = useAuth();
  const intl = useIntl();

  // The server render and the first browser render do not know the user yet (SPEC §4).
  if (status === 'unknown') {
    return (
      <PageSection titleKey="route.management.profile">
        <Center py="xl">
          <Loader role="status" aria-label={intl.formatMessage({ id: 'profile.loading' })} />
        </Center>
      </PageSection>
    );
  }

  // Normally the route guard has sent an anonymous visitor to the login already.
  if (!principal) {
    return (
      <PageSection titleKey="route.management.profile">
        <Alert color="yellow">
          <Text>
            <FormattedMessage id="profile.signInRequired" />
          </Text>
          <Anchor component={Link} to={pathTo('login')}>
            <FormattedMessage id="route.login" />
          </Anchor>
        </Alert>
      </PageSection>
    );
  }

  if (name !== principal.name) {
    return (
      <PageSection titleKey="route.management.profile">
        <Alert color="yellow" title={<FormattedMessage id="profile.notOwn.title" />}>
          <Stack gap="xs" align="flex-start">
            <Text>
              <FormattedMessage id="profile.notOwn.text" />
            </Text>
            <Anchor component={Link} to={pathTo('management.profile', { name: principal.name })}>
              <FormattedMessage id="profile.notOwn.link" />
            </Anchor>
          </Stack>
        </Alert>
      </PageSection>
    );
  }

  return (
    <PageSection titleKey="route.management.profile">
      {/* Keyed by user, so a sign-in as someone else in another tab starts from fresh state. */}
      <Stack gap="xl" key={principal.name}>
        {principal.mustChangePassword && (
          <Alert
            color="yellow"
            role="alert"
            title={<FormattedMessage id="profile.mustChange.title" />}
          >
            <FormattedMessage id="profile.mustChange.text" />
          </Alert>
        )}
        <ProfileForm />
        {!principal.readonly && <PasswordForm />}
      </Stack>
    </PageSection>
  );
}
