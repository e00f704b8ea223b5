#!/usr/bin/env node
// The `worldmap-simulator` bin. Committed, not built: pnpm links a workspace
// package's bin at install, before anything is built, and warns (and skips the
// link) when the file is missing. This shim always exists and hands over to the
// built CLI, or says how to build it.
import { existsSync } from 'node:fs'

const entry = new URL('../dist/cli/main.js', import.meta.url)

if (!existsSync(entry)) {
  process.stderr.write(
    'worldmap-simulator: the simulator is not built yet (dist/cli/main.js is missing).\n' +
      '  Build it from the repository root: pnpm --filter @worldmap/simulator build\n',
  )
  // 1, as the built CLI exits on any failure that is not a bad command line (2) or a crash (70).
  process.exit(1)
}

await import(entry.href)
