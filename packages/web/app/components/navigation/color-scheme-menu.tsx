import { ActionIcon, type MantineColorScheme, useMantineColorScheme } from '@mantine/core';
import { useIntl } from 'react-intl';
import { DeferredMenu } from './deferred-menu';

const schemes: readonly MantineColorScheme[] = ['light', 'dark', 'auto'];

/**
 * The colour scheme menu (SPEC §2, §4): light, dark or automatic (follows the system). The
 * menu comes with the header-menus chunk on the first press (deferred-menu.tsx).
 */
export function ColorSchemeMenu() {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  return (
    <DeferredMenu
      trigger={
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('colorScheme.menu')}
          title={t('colorScheme.menu')}
        >
          <SchemeIcon />
        </ActionIcon>
      }
    >
      {(menus, target) => (
        <menus.ChoiceMenu
          target={target}
          choices={schemes.map((scheme) => ({ value: scheme, label: t(`colorScheme.${scheme}`) }))}
          current={colorScheme}
          onChoose={setColorScheme}
        />
      )}
    </DeferredMenu>
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
