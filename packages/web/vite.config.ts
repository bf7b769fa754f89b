import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';

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
  // The shared contract is consumed from its TypeScript sources and bundled in.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: {
    noExternal: ['@geoportal/contract'],
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  build: { target: 'es2022' },
});
