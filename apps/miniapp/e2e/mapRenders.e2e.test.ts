// The map in a real browser: MapLibre on WebGL (SwiftShader) in headless
// Chromium, offline, with the simulated World App host and its geolocation.
// Builds the test page with Vite, like the app, so the lazy MapLibre chunk
// and its worker asset are exercised exactly as they ship.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { installSimulator } from '@worldmap/simulator/playwright'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from './launchChromium.js'
import { serveDirectory } from './serveDirectory.js'

const pageDir = fileURLToPath(new URL('./pages/mapRenders/', import.meta.url))
const screenshotDir = fileURLToPath(new URL('./__screenshots__/', import.meta.url))
/** Singapore, Marina Bay. */
const player = { lat: 1.2834, lng: 103.8607 }
const ZOOM = 16

interface PageLog {
  drops: { id: string; lat: number; lng: number }[]
  collects: { dropId: string; lat: number; lng: number; accuracy: number }[]
}

let outDir: string
let browser: Browser
let server: Awaited<ReturnType<typeof serveDirectory>>

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'miniapp-map-e2e-'))
  await build({
    root: pageDir,
    configFile: false,
    logLevel: 'silent',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  })
  server = await serveDirectory(outDir)
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  if (outDir) rmSync(outDir, { recursive: true, force: true })
})

/** Web Mercator pixel of a point at `zoom` (MapLibre's 512 px world). */
function worldPixel(point: { lat: number; lng: number }, zoom: number) {
  const size = 512 * 2 ** zoom
  const sin = Math.sin((point.lat * Math.PI) / 180)
  return {
    x: ((point.lng + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  }
}

async function openMap(geolocation: { position: { lat: number; lng: number } } | { denied: true }) {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 })
  // No internet here, and the app must not need it: fail every non-local request at once.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'))
  await installSimulator(context, {
    os: 'ios',
    appId: 'app_staging_worldmap_e2e',
    geolocation: { ...geolocation, accuracy: 5, interval: 200 },
  })
  const page: Page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.goto(`${server.url}/`)
  await page.locator('.map-view[data-map-state="loaded"]').waitFor({ timeout: 30_000 })
  return { context, page, errors }
}

describe('map in Chromium', () => {
  test('default: MapLibre stays out of the entry chunk; its worker ships as an asset', () => {
    const assets = readdirSync(join(outDir, 'assets'))
    const html = readFileSync(join(outDir, 'index.html'), 'utf8')
    const entry = /src="\/assets\/([^"]+\.js)"/.exec(html)?.[1] ?? ''
    // A string only MapLibre's code has (the class of its canvas).
    const mapLibreFiles = assets.filter((file) =>
      readFileSync(join(outDir, 'assets', file), 'utf8').includes('maplibregl-canvas'),
    )
    expect(entry).not.toBe('')
    expect(mapLibreFiles.filter((file) => file.endsWith('.js'))).toEqual([expect.stringMatching(/^maplibre-gl-[\w-]+\.js$/)])
    expect(mapLibreFiles).not.toContain(entry)
    expect(readFileSync(join(outDir, 'assets', entry), 'utf8')).not.toMatch(/from ?["']\.\/maplibre-gl-/)
    expect(assets.some((file) => /^maplibre-gl-worker-[\w-]+\.mjs$/.test(file))).toBe(true)
  })

  test('behavior: canvas, drops at their coordinates, the position dot; tap a drop and collect it', async () => {
    const { context, page, errors } = await openMap({ position: player })
    try {
      // The tile server is unreachable, so the offline style draws; the canvas is WebGL.
      expect(await page.locator('.map-screen').getAttribute('data-style-source')).toBe('local')
      const canvas = page.locator('canvas.maplibregl-canvas')
      const box = await canvas.boundingBox()
      expect(box).toMatchObject({ x: 0, y: 0, width: 390, height: 844 })
      expect(await canvas.evaluate((element: HTMLCanvasElement) => element.getContext('webgl2') !== null)).toBe(true)

      const dot = page.getByRole('img', { name: 'Your position' })
      await dot.waitFor()
      // The camera is on the player, so the dot sits at the centre and drops sit at their Mercator offsets.
      const log = await page.evaluate(() => (window as unknown as { mapTest: PageLog }).mapTest)
      expect(log.drops.map((drop) => drop.id)).toEqual(['near-gem', 'mid-shell', 'far-scroll'])
      const centre = worldPixel(player, ZOOM)
      const expectAt = async (selector: string, point: { lat: number; lng: number }) => {
        const rect = await page.locator(selector).boundingBox()
        const expected = worldPixel(point, ZOOM)
        expect(rect).not.toBeNull()
        expect(Math.abs((rect?.x ?? 0) + (rect?.width ?? 0) / 2 - (195 + expected.x - centre.x))).toBeLessThan(1.5)
        expect(Math.abs((rect?.y ?? 0) + (rect?.height ?? 0) / 2 - (422 + expected.y - centre.y))).toBeLessThan(1.5)
      }
      await expectAt('.map-player', player)
      for (const drop of log.drops) await expectAt(`.map-drop[data-drop-id="${drop.id}"]`, drop)
      expect(await page.locator('.map-drop[data-drop-id="near-gem"]').getAttribute('aria-label')).toBe('Legendary gem, 25 m away')

      mkdirSync(screenshotDir, { recursive: true })
      await page.screenshot({ path: join(screenshotDir, 'map.png') })

      // Out of reach: the sheet explains, Collect is off.
      await page.locator('.map-drop[data-drop-id="mid-shell"]').click()
      const sheet = page.getByRole('dialog')
      expect(await sheet.getByRole('heading').textContent()).toBe('Shell')
      expect(await sheet.textContent()).toContain('Uncommon')
      expect(await sheet.textContent()).toContain('124 m away')
      expect(await sheet.getByRole('button', { name: 'Collect' }).isDisabled()).toBe(true)

      // In reach: Collect goes to the data source with the fix, buzzes, and the drop leaves the map.
      await page.locator('.map-drop[data-drop-id="near-gem"]').click()
      expect(await sheet.getByRole('heading').textContent()).toBe('Gem')
      expect(await sheet.textContent()).toContain('25 m away')
      await page.screenshot({ path: join(screenshotDir, 'map-sheet.png') })
      await sheet.getByRole('button', { name: 'Collect' }).click()
      await page.getByText('Gem added to your inventory.').waitFor()
      await page.locator('.map-drop[data-drop-id="near-gem"]').waitFor({ state: 'detached' })
      expect(await page.locator('.map-drop').count()).toBe(2)
      expect(await sheet.count()).toBe(0)

      const after = await page.evaluate(() => (window as unknown as { mapTest: PageLog }).mapTest)
      expect(after.collects).toHaveLength(1)
      expect(after.collects[0]).toMatchObject({ dropId: 'near-gem', accuracy: 5 })
      expect(after.collects[0]?.lat).toBeCloseTo(player.lat, 9)
      const haptics = await page.evaluate(() =>
        (
          window as unknown as { worldmapSimulator: { received: { command: string; payload: unknown }[] } }
        ).worldmapSimulator.received
          .filter((message) => message.command === 'send-haptic-feedback')
          .map((message) => message.payload),
      )
      expect(haptics).toEqual([{ hapticsType: 'notification', style: 'success' }])
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('behavior: denied location shows the banner and the default city, and the map still draws', async () => {
    const { context, page, errors } = await openMap({ denied: true })
    try {
      const banner = page.getByRole('alert')
      expect(await banner.textContent()).toContain('Location access is off.')
      expect(await banner.textContent()).toContain('Showing Singapore.')
      expect(await page.getByRole('img', { name: 'Your position' }).count()).toBe(0)
      // Drops around the default city are shown, but none can be collected without a position.
      await page.locator('.map-drop').first().waitFor()
      await page.locator('.map-drop[data-drop-id="near-gem"]').click()
      expect(await page.getByRole('dialog').textContent()).toContain('Turn on location to collect drops.')
      mkdirSync(screenshotDir, { recursive: true })
      await page.screenshot({ path: join(screenshotDir, 'map-denied.png') })
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
