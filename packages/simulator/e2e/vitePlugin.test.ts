// @vitest-environment node
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { build, createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { worldAppSimulator } from '../src/vite/worldAppSimulator.js'
import { launchChromium } from './launchChromium.js'

let root: string
let server: ViteDevServer
let url: string
let browser: Browser

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'simulator-vite-'))
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head><title>app</title></head><body><script type="module">window.hostSeen = Boolean(window.WorldApp)</script></body></html>',
  )
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    plugins: [worldAppSimulator({ os: 'android', mode: 'scripted' })],
    server: { host: '127.0.0.1', port: 0, strictPort: false },
  })
  await server.listen()
  url = server.resolvedUrls?.local[0] ?? ''
  browser = await launchChromium()
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  rmSync(root, { recursive: true, force: true })
})

describe('worldAppSimulator (vite plugin)', () => {
  test('default: dev pages load the simulator before the app', async () => {
    const html = await (await fetch(url)).text()
    expect(html).toContain('window.__WORLDMAP_SIMULATOR__ = {"os":"android","mode":"scripted"}')
    expect(html.indexOf('/@worldmap/simulator.js')).toBeLessThan(html.indexOf('type="module"'))
    const script = await fetch(new URL('/@worldmap/simulator.js', url))
    expect(script.headers.get('content-type')).toBe('text/javascript')
    expect((await script.text()).length).toBeGreaterThan(1000)
  })

  test('behavior: in Chromium the page finds an Android World App host', async () => {
    const page = await browser.newPage()
    await page.goto(url)
    await page.waitForFunction(() => 'hostSeen' in window)
    const seen = await page.evaluate(() => ({
      hostSeen: (window as unknown as { hostSeen: boolean }).hostSeen,
      os: (window as unknown as { WorldApp: { device_os: string } }).WorldApp.device_os,
      android: typeof (window as unknown as { Android?: unknown }).Android,
    }))
    expect(seen).toEqual({ hostSeen: true, os: 'android', android: 'object' })
    await page.close()
  })

  test('behavior: production builds never include it', async () => {
    const outDir = join(root, 'dist')
    await build({ root, configFile: false, logLevel: 'silent', plugins: [worldAppSimulator()], build: { outDir } })
    expect(readFileSync(join(outDir, 'index.html'), 'utf8')).not.toContain('simulator')
  })
})
