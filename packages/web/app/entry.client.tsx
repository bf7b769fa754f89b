import { isLanguage } from '@geoportal/contract/languages';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { loadMessages } from './lib/messages';

/**
 * Hydrates the server-rendered page (as React Router's default entry does) once the page's
 * translations are here: the server rendered with them, and hydration must render the same
 * texts. They are a fingerprinted file the head preloads (root.tsx), so the request runs
 * beside the scripts' instead of after them.
 */
async function hydrate() {
  const language = document.documentElement.lang;
  if (isLanguage(language)) {
    // Without them hydration renders the keys, finds the server's texts different and renders
    // the page anew in the browser: it stays readable and its links work.
    await loadMessages(language).catch((error: unknown) => {
      console.error('The translations could not be loaded', error);
    });
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
