// Browser journeys (docs/architecture.md#tests): playwright-core drives Debian's Chromium against the
// production build, started once per run on a fresh data directory (global-setup.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'e2e',
    root: import.meta.dirname,
    include: ['**/*.e2e.ts'],
    globalSetup: ['./global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    passWithNoTests: true,
  },
});
