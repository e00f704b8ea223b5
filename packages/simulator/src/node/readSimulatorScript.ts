import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

// From dist/<folder>/x.js the bundles are siblings of <folder>; from the
// sources (tests, workspace tools) they are in the built dist.
const folders = ['../', '../../dist/']

const cache = new Map<string, string>()

function readDistScript(file: string): string {
  const cached = cache.get(file)
  if (cached !== undefined) return cached
  for (const folder of folders) {
    const path = fileURLToPath(new URL(`${folder}${file}`, import.meta.url))
    if (existsSync(path)) {
      const script = readFileSync(path, 'utf8')
      cache.set(file, script)
      return script
    }
  }
  throw new Error(`${file} not found: build @worldmap/simulator first (pnpm --filter @worldmap/simulator build)`)
}

/** Read the scripts afresh next time: the simulator was rebuilt (the Vite plugin calls it). */
export function forgetSimulatorScripts(): void {
  cache.clear()
}

/**
 * The self-contained simulator script (dist/simulator.global.js), for
 * Playwright's addInitScript and the Vite dev server.
 */
export function readSimulatorScript(): string {
  return readDistScript('simulator.global.js')
}

/**
 * The fast boot (dist/simulator.boot.js): the page-facing host only; it
 * evaluates the full script from `window.__WORLDMAP_SIMULATOR_SOURCE__` when needed.
 */
export function readSimulatorBootScript(): string {
  return readDistScript('simulator.boot.js')
}
