import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// From dist/<folder>/x.js the bundle is a sibling of <folder>; from the
// sources (tests, workspace tools) it is in the built dist.
const candidates = ['../simulator.global.js', '../../dist/simulator.global.js']

let cached: string | undefined

/**
 * The self-contained simulator script (dist/simulator.global.js), for
 * Playwright's addInitScript and the Vite dev server.
 */
export function readSimulatorScript(): string {
  if (cached) return cached
  for (const candidate of candidates) {
    const path = fileURLToPath(new URL(candidate, import.meta.url))
    if (existsSync(path)) {
      cached = readFileSync(path, 'utf8')
      return cached
    }
  }
  throw new Error('simulator.global.js not found: build @worldmap/simulator first (pnpm --filter @worldmap/simulator build)')
}
