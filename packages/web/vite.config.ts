import { reactRouter } from '@react-router/dev/vite';
import { defaultClientConditions, defaultServerConditions, defineConfig } from 'vite';

export default defineConfig({
  plugins: [reactRouter()],
  // The shared contract is consumed from its TypeScript sources and bundled in.
  resolve: { conditions: ['source', ...defaultClientConditions] },
  ssr: {
    noExternal: ['@geoportal/contract'],
    resolve: { conditions: ['source', ...defaultServerConditions] },
  },
  build: { target: 'es2022' },
});
