import { availableLanguages, type Language } from '@geoportal/contract/languages';
import { Button, Menu } from '@mantine/core';
import { useContext } from 'react';
import { useIntl } from 'react-intl';
import { UNSAFE_DataRouterContext as DataRouterContext, useRevalidator } from 'react-router';
import { chooseLanguage } from '../../lib/language';
import { CheckMark } from './check-mark';

/** A full page load (a seam for tests: jsdom cannot reload). */
export const pageReload = { reload: () => window.location.reload() };
const reloadPage = () => pageReload.reload();

/**
 * The language menu (SPEC §2, §4): stores the choice, sets the page language and reloads
 * the translations through the root loader, without a full page load.
 */
export function LanguageMenu({ current }: { current: Language }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id });
  const revalidator = useRevalidator();
  const dataRouter = useContext(DataRouterContext);
  const handleChoose = (language: Language) => {
    if (language === current) return;
    chooseLanguage(language);
    void revalidator.revalidate().then(() => {
      // The translations come through the root loader. If that failed (a dropped connection,
      // a restarting server), the page would only say so, in both languages: load it anew,
      // in the chosen language (stored above).
      if (dataRouter?.router.state.errors?.root !== undefined) reloadPage();
    });
  };
  return (
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button
          variant="default"
          size="sm"
          px="xs"
          aria-label={t('language.menu')}
          title={t('language.menu')}
        >
          {current.toUpperCase()}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {availableLanguages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            aria-current={language === current ? 'true' : undefined}
            leftSection={<CheckMark visible={language === current} />}
            fw={language === current ? 700 : undefined}
            onClick={() => handleChoose(language)}
          >
            {t(`language.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
