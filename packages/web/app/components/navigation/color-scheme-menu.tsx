import { ActionIcon, type MantineColorScheme, Menu, useMantineColorScheme } from '@mantine/core';
import { useIntl } from 'react-intl';
import { CheckMark } from './check-mark';

const schemes: readonly MantineColorScheme[] = ['light', 'dark', 'auto'];

/** The colour scheme menu (SPEC §2, §4): light, dark or automatic (follows the system). */
export function ColorSchemeMenu() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('colorScheme.menu')}
          title={t('colorScheme.menu')}
        >
          <SchemeIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {schemes.map((scheme) => (
          <Menu.Item
            key={scheme}
            aria-current={colorScheme === scheme ? 'true' : undefined}
            leftSection={<CheckMark visible={colorScheme === scheme} />}
            fw={colorScheme === scheme ? 700 : undefined}
            onClick={() => setColorScheme(scheme)}
          >
            {t(`colorScheme.${scheme}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Half-filled circle: stands for light and dark alike. */
function SchemeIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <circle cx="12" cy="12" r="9" />
      <path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" />
    </svg>
  );
}
