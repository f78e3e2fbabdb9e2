// The unit, component and integration suites (docs/architecture.md#tests), one Vitest project per workspace.
// The browser journeys have their own config (e2e/vitest.config.ts): they need a built app.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // s3rver (the S3 server of storage/s3-storage.test.ts) encrypts ListObjectsV2 continuation tokens with
          // DES, which OpenSSL 3 keeps in its legacy provider.
          execArgv: ['--openssl-legacy-provider'],
        },
      },
      'apps/web/vite.config.ts',
    ],
  },
});
