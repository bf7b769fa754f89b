import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  // Every page is rendered on the server by the Geoportal process (DESIGN §3).
  ssr: true,
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
