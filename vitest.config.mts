import { defineConfig } from 'vitest/config'

// Unit tests: pure code beside what it tests (packages/*, app models, the room's dispatch), the fight
// simulator (test/sim), which plays through the table room in Node, the room's game logic over sockets
// in memory (test/room), the same room the Durable Object runs, and the layers of the import graph
// (test/imports). Worker and browser tests have their own configs under test/ because they start the
// Workers runtime and a real browser.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'app/src/**/*.test.ts',
            'worker/src/**/*.test.ts',
            'test/sim/**/*.test.ts',
            'test/contract/**/*.test.ts',
            'test/room/**/*.test.ts',
            'test/imports/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
    ],
  },
})
