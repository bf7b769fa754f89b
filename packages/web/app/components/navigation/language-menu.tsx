import { availableLanguages, type Language } from '@geoportal/contract/languages';
import { Button } from '@mantine/core';
import { useContext } from 'react';
import { useIntl } from 'react-intl';
import { UNSAFE_DataRouterContext as DataRouterContext, useRevalidator } from 'react-router';
import { chooseLanguage } from '../../lib/language';
import { DeferredMenu } from './deferred-menu';

/** A full page load (a seam for tests: jsdom cannot reload). */
export const pageReload = { reload: () => window.location.reload() };
const reloadPage = () => pageReload.reload();

/**
 * The language menu (SPEC §2, §4): stores the choice, sets the page language and reloads
 * the translations through the root loader, without a full page load. The menu comes with the
 * header-menus chunk on the first press (deferred-menu.tsx).
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
    <DeferredMenu
      trigger={
        <Button
          variant="default"
          size="sm"
          px="xs"
          aria-label={t('language.menu')}
          title={t('language.menu')}
        >
          {current.toUpperCase()}
        </Button>
      }
    >
      {(menus, target) => (
        <menus.ChoiceMenu
          target={target}
          choices={availableLanguages.map((language) => ({
            value: language,
            label: t(`language.${language}`),
            lang: language,
          }))}
          current={current}
          onChoose={handleChoose}
        />
      )}
    </DeferredMenu>
  );
}
