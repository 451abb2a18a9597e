import { defineConfig } from 'vitest/config'

// Unit tests: pure code beside what it tests (packages/*, app models). Worker and browser tests have
// their own configs under test/ because they start the Workers runtime and a real browser.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'app/src/**/*.test.ts', 'worker/src/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
})
