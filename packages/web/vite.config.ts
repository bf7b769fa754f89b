import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Replaces @mantine/hooks' `useId` with app/lib/mantine-use-id.ts, which keeps React's id
 * instead of switching to a random one after mounting (why: see that file).
 */
function stableMantineIds(): Plugin {
  const replacement = fileURLToPath(new URL('./app/lib/mantine-use-id.ts', import.meta.url));
  return {
    name: 'geoportal:stable-mantine-ids',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromMantineHooks = importer?.replace(/\\/g, '/').includes('/@mantine/hooks/');
      return source === './use-id/use-id.mjs' && fromMantineHooks ? replacement : null;
    },
  };
}

export default defineConfig({
  plugins: [stableMantineIds(), reactRouter()],
  // The browser's bundles take the shared contract from its TypeScript sources. The server's
  // rendering bundle imports the built contract that the API server itself loads: one copy
  // of its schemas, registered once in zod's registry, from which the OpenAPI document is
  // built (a bundled second copy re-registered the ids it loaded, and schemas loaded by only
  // one copy then made two different schemas of one id).
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: { external: ['@geoportal/contract'] },
  build: { target: 'es2022' },
});
