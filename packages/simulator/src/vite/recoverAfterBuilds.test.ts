// @vitest-environment node
// A real Vite dev server importing a linked workspace package through its SSR
// module runner, while that package is rebuilt the way tsup's `clean` does it:
// a module gone for a moment, a request in that window, then the module back.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type RunnableDevEnvironment, type ViteDevServer } from 'vite'
import { afterEach, expect, test, vi } from 'vitest'
import { linkedBuildFolders, recoverAfterBuilds } from './recoverAfterBuilds.js'

vi.setConfig({ testTimeout: 30_000 })

const servers: ViteDevServer[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

/** A workspace: app/ links lib/ (workspace:*), whose dist/index.js re-exports dist/value.js. */
function workspace() {
  const root = mkdtempSync(join(tmpdir(), 'recover-'))
  const app = join(root, 'app')
  const lib = join(root, 'lib')
  mkdirSync(join(app, 'node_modules'), { recursive: true })
  mkdirSync(join(lib, 'dist'), { recursive: true })
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'app', type: 'module', dependencies: { lib: 'workspace:*' } }))
  writeFileSync(join(app, 'entry.js'), "export { value } from 'lib'\n")
  writeFileSync(join(lib, 'package.json'), JSON.stringify({ name: 'lib', type: 'module', exports: './dist/index.js' }))
  writeFileSync(join(lib, 'dist/index.js'), "export { value } from './value.js'\n")
  const value = (n: number) => writeFileSync(join(lib, 'dist/value.js'), `export const value = ${n}\n`)
  value(1)
  symlinkSync(lib, join(app, 'node_modules/lib'), 'dir')
  return { root, app, lib, value }
}

async function serve(app: string, recover: boolean) {
  const server = await createServer({
    root: app,
    configFile: false,
    logLevel: 'silent',
    server: { middlewareMode: true, ws: false },
    plugins: recover ? [{ name: 'recover', configureServer: (dev) => void recoverAfterBuilds(dev, { quietMs: 200 }) }] : [],
  })
  servers.push(server)
  const runner = (server.environments.ssr as RunnableDevEnvironment).runner
  const load = () =>
    runner.import<{ value: number }>(join(app, 'entry.js')).then(
      (module) => module.value,
      (error: Error) => `failed: ${error.message.split('\n')[0]}`,
    )
  return { server, load }
}

test('default: the build folders of the packages an app links, through workspace: dependencies', () => {
  const { app, lib } = workspace()
  expect(linkedBuildFolders(app)).toEqual([join(lib, 'dist')])
  expect(linkedBuildFolders(join(app, 'missing'))).toEqual([])
})

test('behavior: a request during a rebuild fails; once the build is back the server imports it again by itself', async () => {
  const { app, lib, value } = workspace()
  const { load } = await serve(app, true)
  expect(await load()).toBe(1)
  rmSync(join(lib, 'dist/value.js'))
  // The request in the window: the module is missing.
  await vi.waitFor(async () => expect(await load()).toMatch(/^failed/))
  value(2)
  await vi.waitFor(async () => expect(await load()).toBe(2), { timeout: 10_000, interval: 100 })
})

test('error: without it, the failed import stays for good (the bug it fixes)', async () => {
  const { app, lib, value } = workspace()
  const { load } = await serve(app, false)
  expect(await load()).toBe(1)
  rmSync(join(lib, 'dist/value.js'))
  await vi.waitFor(async () => expect(await load()).toMatch(/^failed/))
  value(2)
  // What every page did until a restart: give the watcher ample time, the failure remains.
  await new Promise((resolve) => setTimeout(resolve, 2_000))
  expect(await load()).toMatch(/^failed/)
})
