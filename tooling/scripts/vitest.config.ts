import { defineProject } from 'vitest/config'

// The scripts' own logic: `pnpm preview:prod`'s configuration and stand-ins, `pnpm run deploy`'s arguments and checks.
export default defineProject({
  test: { name: 'scripts', include: ['*.test.ts'], environment: 'node' },
})
