// @vitest-environment node
import { afterEach, expect, test, vi } from 'vitest'

afterEach(() => {
  vi.doUnmock('node:fs')
  vi.resetModules()
})

/** readSimulatorScript with a fresh cache over a stand-in file system. */
async function load(files: Record<string, string>) {
  vi.resetModules()
  const readFileSync = vi.fn((path: string) => {
    const name = Object.keys(files).find((suffix) => path.endsWith(suffix))
    if (!name) throw new Error(`ENOENT ${path}`)
    return files[name]
  })
  vi.doMock('node:fs', () => ({
    existsSync: (path: string) => Object.keys(files).some((suffix) => path.endsWith(suffix)),
    readFileSync,
  }))
  const { readSimulatorScript, readSimulatorBootScript } = await import('./readSimulatorScript.js')
  return { readSimulatorScript, readSimulatorBootScript, readFileSync }
}

test('default: reads the built bundle once and caches it', async () => {
  const { readSimulatorScript, readFileSync } = await load({ '/dist/simulator.global.js': '(()=>{/* simulator */})()' })
  expect(readSimulatorScript()).toBe('(()=>{/* simulator */})()')
  expect(readSimulatorScript()).toBe('(()=>{/* simulator */})()')
  expect(readFileSync).toHaveBeenCalledTimes(1)
  expect(readFileSync.mock.calls[0]?.[0]).toMatch(/packages\/simulator\/dist\/simulator\.global\.js$/)
})

test('behavior: next to the dist folders, the sibling bundle wins', async () => {
  const { readSimulatorScript, readFileSync } = await load({
    '/src/simulator.global.js': 'sibling',
    '/dist/simulator.global.js': 'dist',
  })
  expect(readSimulatorScript()).toBe('sibling')
  expect(readFileSync).toHaveBeenCalledTimes(1)
})

test('error: not built yet', async () => {
  const { readSimulatorScript } = await load({})
  expect(() => readSimulatorScript()).toThrowErrorMatchingInlineSnapshot(
    `[Error: simulator.global.js not found: build @worldmap/simulator first (pnpm --filter @worldmap/simulator build)]`,
  )
})

test('default: the boot script is read and cached apart from the full bundle', async () => {
  const { readSimulatorScript, readSimulatorBootScript, readFileSync } = await load({
    '/dist/simulator.global.js': 'full',
    '/dist/simulator.boot.js': 'boot',
  })
  expect(readSimulatorBootScript()).toBe('boot')
  expect(readSimulatorScript()).toBe('full')
  expect(readSimulatorBootScript()).toBe('boot')
  expect(readFileSync).toHaveBeenCalledTimes(2)
})

test('error: the boot script not built yet', async () => {
  const { readSimulatorBootScript } = await load({ '/dist/simulator.global.js': 'full' })
  expect(() => readSimulatorBootScript()).toThrow(/^simulator\.boot\.js not found: build @worldmap\/simulator first/)
})
