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
import { lowContrastText } from './app/screens.js'
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

async function openMap(
  geolocation: { position: { lat: number; lng: number } } | { denied: true },
  options: { search?: string; reducedMotion?: 'reduce' | 'no-preference'; colorScheme?: 'light' | 'dark' } = {},
) {
  const context: BrowserContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 1,
    reducedMotion: options.reducedMotion ?? 'no-preference',
    colorScheme: options.colorScheme ?? 'light',
  })
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
  await page.goto(`${server.url}/${options.search ?? ''}`)
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

  test('behavior: canvas, ring, drops at their coordinates, the position dot; tap a drop, collect it, see the catch', async () => {
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
      expect(log.drops.map((drop) => drop.id)).toEqual([
        'near-gem',
        'mid-shell',
        'far-scroll',
        'group-coin',
        'group-feather',
        'group-crystal',
      ])
      const centre = worldPixel(player, ZOOM)
      const expectAt = async (selector: string, point: { lat: number; lng: number }) => {
        const rect = await page.locator(selector).boundingBox()
        const expected = worldPixel(point, ZOOM)
        expect(rect).not.toBeNull()
        expect(Math.abs((rect?.x ?? 0) + (rect?.width ?? 0) / 2 - (195 + expected.x - centre.x))).toBeLessThan(1.5)
        expect(Math.abs((rect?.y ?? 0) + (rect?.height ?? 0) / 2 - (422 + expected.y - centre.y))).toBeLessThan(1.5)
      }
      await expectAt('.map-player', player)
      // The rare feather of the group never hides in the bubble: rare and up always stand alone.
      const single = log.drops.filter((drop) => !drop.id.startsWith('group-') || drop.id === 'group-feather')
      for (const drop of single) await expectAt(`.map-drop[data-drop-id="${drop.id}"]`, drop)
      const near = page.locator('.map-drop[data-drop-id="near-gem"]')
      expect(await near.getAttribute('aria-label')).toBe('Legendary Gem, in reach, 25 m away')
      expect(await near.getAttribute('data-in-reach')).toBe('true')

      // The common and uncommon drops a few metres apart are one bubble by their mean position, slid out from
      // under the rare feather (which draws above it) so its count shows.
      const bubble = page.locator('.map-cluster')
      expect(await bubble.count()).toBe(1)
      expect(await bubble.textContent()).toBe('2')
      const group = log.drops.filter((drop) => drop.id === 'group-coin' || drop.id === 'group-crystal')
      const mean = worldPixel(
        { lat: group.reduce((sum, drop) => sum + drop.lat, 0) / 2, lng: group.reduce((sum, drop) => sum + drop.lng, 0) / 2 },
        ZOOM,
      )
      const bubbleBox = await bubble.boundingBox()
      const featherBox = await page.locator('.map-drop[data-drop-id="group-feather"]').boundingBox()
      if (!bubbleBox || !featherBox) throw new Error('not on screen')
      const bubbleAt = { x: bubbleBox.x + 22, y: bubbleBox.y + 22 }
      expect(Math.hypot(bubbleAt.x - (195 + mean.x - centre.x), bubbleAt.y - (422 + mean.y - centre.y))).toBeLessThanOrEqual(35)
      expect(Math.hypot(bubbleAt.x - featherBox.x - 22, bubbleAt.y - featherBox.y - 22)).toBeGreaterThanOrEqual(33)

      // Every marker is a 44 px target; the drop in reach pulses, above the other drops and under the player's dot.
      for (const target of await page.locator('.map-drop, .map-cluster').all()) {
        const rect = await target.boundingBox()
        expect(rect?.width).toBeGreaterThanOrEqual(44)
        expect(rect?.height).toBeGreaterThanOrEqual(44)
      }
      const zIndex = (selector: string) =>
        page.locator(selector).evaluate((element) => Number(getComputedStyle(element).zIndex) || 0)
      expect(await zIndex('.map-drop[data-drop-id="near-gem"]')).toBeLessThan(await zIndex('.map-player'))
      expect(await zIndex('.map-drop[data-drop-id="mid-shell"]')).toBeLessThan(await zIndex('.map-drop[data-drop-id="near-gem"]'))
      expect(await zIndex('.map-cluster')).toBeLessThan(await zIndex('.map-drop[data-drop-id="group-feather"]'))
      expect(await near.locator('.map-drop-halo').evaluate((element) => getComputedStyle(element).animationName)).toBe(
        'map-drop-reach',
      )

      // The first-run hint, over the map until dismissed.
      const hint = page.getByRole('complementary', { name: 'How to collect' })
      expect(await hint.textContent()).toContain('Walk within 50 m of a drop to collect it.')

      mkdirSync(screenshotDir, { recursive: true })
      await page.screenshot({ path: join(screenshotDir, 'map-first-run.png') })
      await hint.getByRole('button', { name: 'Got it' }).click()
      await hint.waitFor({ state: 'detached' })
      // Mid-pulse, so the picture shows the drop in reach glowing.
      await page.waitForTimeout(300)
      await page.screenshot({ path: join(screenshotDir, 'map-in-range.png') })

      // Out of reach: the sheet explains, Collect is off.
      await page.locator('.map-drop[data-drop-id="mid-shell"]').click()
      const sheet = page.getByRole('dialog')
      expect(await sheet.getByRole('heading').textContent()).toBe('Shell')
      expect(await sheet.textContent()).toContain('Uncommon')
      expect(await sheet.textContent()).toContain('124 m away')
      expect(await sheet.getByRole('button', { name: 'Collect' }).isDisabled()).toBe(true)

      // In reach: Collect goes to the data source with the fix, the drop leaves the map, the catch is revealed.
      await near.click()
      expect(await sheet.getByRole('heading').textContent()).toBe('Gem')
      expect(await sheet.textContent()).toContain('25 m away')
      await page.screenshot({ path: join(screenshotDir, 'map-sheet.png') })
      await sheet.getByRole('button', { name: 'Collect' }).click()
      const reveal = page.getByRole('dialog', { name: /^You found/ })
      await reveal.waitFor()
      expect(await reveal.textContent()).toContain('New!')
      await near.waitFor({ state: 'detached' })
      expect(await page.locator('.map-drop').count()).toBe(3)
      await page.waitForTimeout(400)
      await page.screenshot({ path: join(screenshotDir, 'map-catch.png') })

      const after = await page.evaluate(() => (window as unknown as { mapTest: PageLog }).mapTest)
      expect(after.collects).toHaveLength(1)
      expect(after.collects[0]).toMatchObject({ dropId: 'near-gem', accuracy: 5 })
      expect(after.collects[0]?.lat).toBeCloseTo(player.lat, 9)
      const haptics = () =>
        page.evaluate(() =>
          (
            window as unknown as { worldmapSimulator: { received: { command: string; payload: unknown }[] } }
          ).worldmapSimulator.received
            .filter((message) => message.command === 'send-haptic-feedback')
            .map((message) => message.payload),
        )
      // The reveal's legendary pattern, once: the map adds no buzz of its own.
      await expect.poll(haptics).toEqual([
        { hapticsType: 'notification', style: 'success' },
        { hapticsType: 'impact', style: 'heavy' },
      ])
      await reveal.getByRole('button', { name: 'Continue' }).click()
      await reveal.waitFor({ state: 'detached' })
      expect(await hint.count()).toBe(0)

      // A tap on the bubble lists its drops, nearest first; a row opens that drop. The rare feather of the group
      // draws over the bubble's middle, so the player taps the bubble's ring beside it (inside the feather's
      // 44 px target, which must not take the tap).
      const tapBubble = async () => {
        const [b, f] = [await bubble.boundingBox(), await page.locator('.map-drop[data-drop-id="group-feather"]').boundingBox()]
        if (!b || !f) throw new Error('not on screen')
        const [bx, by, fx, fy] = [b.x + b.width / 2, b.y + b.height / 2, f.x + f.width / 2, f.y + f.height / 2]
        const away = Math.hypot(bx - fx, by - fy) || 1
        await page.mouse.click(bx + ((bx - fx) / away) * 16, by + ((by - fy) / away) * 16)
      }
      await tapBubble()
      const list = page.getByRole('dialog', { name: '2 drops here' })
      await list.waitFor()
      const rows = list.getByRole('button', { name: /away/ })
      expect(await rows.allTextContents()).toEqual(['CrystalUncommon114 m away', 'CoinCommon125 m away'])
      for (const row of await rows.all()) expect((await row.boundingBox())?.height).toBeGreaterThanOrEqual(44)
      await page.screenshot({ path: join(screenshotDir, 'map-cluster-list.png') })
      await page.keyboard.press('Escape')
      await list.waitFor({ state: 'detached' })
      await tapBubble()
      await rows.first().click()
      expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe('Crystal')
      expect(await page.locator('.map-drop[data-drop-id="group-crystal"]').getAttribute('aria-pressed')).toBe('true')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('behavior: /?drop=<id> opens that drop; reduced motion keeps the in-reach halo still', async () => {
    const { context, page, errors } = await openMap({ position: player }, { search: '?drop=far-scroll', reducedMotion: 'reduce' })
    try {
      const sheet = page.getByRole('dialog')
      await sheet.waitFor()
      expect(await sheet.getByRole('heading').textContent()).toBe('Scroll')
      expect(await page.locator('.map-drop[data-drop-id="far-scroll"]').getAttribute('aria-pressed')).toBe('true')
      const halo = page.locator('.map-drop[data-drop-id="near-gem"] .map-drop-halo')
      expect(await halo.evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
      expect(Number(await halo.evaluate((element) => getComputedStyle(element).opacity))).toBeGreaterThan(0)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('behavior: denied location shows the banner and the default city, and the map still draws', async () => {
    const { context, page, errors } = await openMap({ denied: true })
    try {
      const banner = page.getByRole('alert')
      expect(await banner.textContent()).toContain('Location is off.')
      expect(await banner.textContent()).toContain('Showing Singapore, to look around only: collecting needs your location.')
      expect(await banner.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true)
      expect(await page.getByRole('img', { name: 'Your position' }).count()).toBe(0)
      // Drops around the default city are shown, but none can be collected without a position (nor are any in reach).
      await page.locator('.map-drop').first().waitFor()
      expect(await page.locator('.map-drop[data-in-reach="true"]').count()).toBe(0)
      await page.locator('.map-drop[data-drop-id="near-gem"]').click()
      expect(await page.getByRole('dialog').textContent()).toContain('Turn on location to collect drops.')
      mkdirSync(screenshotDir, { recursive: true })
      await page.screenshot({ path: join(screenshotDir, 'map-denied.png') })
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  test("behavior: a drop never draws over the player's dot, and a tap goes to the marker drawn on top where it lands", async () => {
    const { context, page, errors } = await openMap({ position: player }, { search: '?scene=overlap' })
    try {
      await page.locator('.map-drop[data-drop-id="beneath"]').waitFor()
      const centreOf = async (selector: string) => {
        const box = await page.locator(selector).boundingBox()
        if (!box) throw new Error(`${selector} is not on screen`)
        return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      }
      const hitAt = (point: { x: number; y: number }) =>
        page.evaluate(({ x, y }) => {
          const element = document.elementFromPoint(x, y)?.closest('.map-player, .map-drop, .map-cluster') as HTMLElement | null
          return element?.dataset.dropId ?? null
        }, point)
      // The drop 3 m away lies under the dot: the dot draws on top, and a tap on the spot opens the drop (the dot
      // itself does nothing, so it never takes a tap from what lies under it).
      const dot = await centreOf('.map-player')
      const dotOnTop = await page.evaluate(
        () =>
          Number(getComputedStyle(document.querySelector('.map-player') as Element).zIndex) >
          Math.max(...[...document.querySelectorAll('.map-drop')].map((drop) => Number(getComputedStyle(drop).zIndex))),
      )
      expect(dotOnTop).toBe(true)
      expect(await hitAt(dot)).toBe('beneath')
      await page.mouse.click(dot.x, dot.y)
      expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe('Coin')
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()

      // 'over' (in reach) draws above 'under'; their gems overlap.
      const over = await centreOf('.map-drop[data-drop-id="over"]')
      const under = await centreOf('.map-drop[data-drop-id="under"]')
      expect(over.y - under.y).toBeGreaterThan(10)
      expect(over.y - under.y).toBeLessThan(20)
      // On the overlap: the top one.
      await page.mouse.click(over.x, (over.y + under.y) / 2)
      expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe('Gem')
      await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click()
      // On the under one's visible crescent, inside the over one's 44 px target: the under one, not its neighbour.
      const crescent = { x: under.x, y: under.y - 9 }
      expect(await hitAt(crescent)).toBe('over')
      await page.mouse.click(crescent.x, crescent.y)
      expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe('Shell')
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('behavior: with the nearest drop off screen an arrow on the edge points to it with its distance; a tap brings it back', async () => {
    const { context, page, errors } = await openMap({ position: player }, { reducedMotion: 'reduce' })
    try {
      await page.locator('.map-drop[data-drop-id="near-gem"]').waitFor()
      await page.getByRole('complementary', { name: 'How to collect' }).getByRole('button', { name: 'Got it' }).click()
      expect(await page.locator('.map-edge-arrow').count()).toBe(0)
      // Drag the map 500 px up and 300 px left: the player and the drops around them leave the screen.
      await page.mouse.move(300, 600)
      await page.mouse.down()
      await page.mouse.move(150, 350, { steps: 8 })
      await page.mouse.move(0, 100, { steps: 8 })
      await page.mouse.up()
      const arrow = page.getByRole('button', { name: /^Nearest drop: / })
      await arrow.waitFor()
      expect(await arrow.getAttribute('aria-label')).toBe('Nearest drop: Legendary Gem, 25 m away. Show it.')
      expect(await arrow.textContent()).toBe('25 m')
      // Its distance is never under a marker: what is drawn at the label's middle is the arrow itself.
      expect(
        await arrow.locator('.map-edge-arrow-distance').evaluate((label) => {
          const box = label.getBoundingClientRect()
          return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('.map-edge-arrow') !== null
        }),
      ).toBe(true)
      const mapBox = await page.locator('.map-canvas').boundingBox()
      const gem = await page.locator('.map-drop[data-drop-id="near-gem"]').boundingBox()
      const box = await arrow.boundingBox()
      if (!mapBox || !gem || !box) throw new Error('not on screen')
      const centre = { x: mapBox.width / 2, y: (40 + mapBox.height - 120) / 2 }
      const at = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
      const target = { x: gem.x + gem.width / 2, y: gem.y + gem.height / 2 }
      // On the frame's edge (left or top here), on the line from the centre to the drop.
      expect(Math.min(Math.abs(at.x - 52), Math.abs(at.y - 40))).toBeLessThan(1.5)
      const cross = (at.x - centre.x) * (target.y - centre.y) - (at.y - centre.y) * (target.x - centre.x)
      expect(Math.abs(cross) / Math.hypot(target.x - centre.x, target.y - centre.y)).toBeLessThan(2)
      const angle = Number(/rotate\(([-\d.]+)deg\)/.exec((await arrow.locator('svg').getAttribute('style')) ?? '')?.[1])
      const bearing = ((Math.atan2(target.x - centre.x, centre.y - target.y) * 180) / Math.PI + 360) % 360
      expect(Math.abs(angle - bearing)).toBeLessThan(1)
      // Reduced motion: no entrance animation.
      expect(await arrow.evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
      await page.screenshot({ path: join(screenshotDir, 'map-edge-arrow.png') })

      await arrow.click()
      expect(await page.getByRole('dialog').getByRole('heading').textContent()).toBe('Gem')
      // Reduced motion: the camera jumps there, and the arrow goes.
      await arrow.waitFor({ state: 'detached' })
      const back = await page.locator('.map-drop[data-drop-id="near-gem"]').boundingBox()
      expect(Math.abs((back?.x ?? 0) + 22 - 195)).toBeLessThan(2)
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })

  test('behavior: in Brazilian Portuguese (the longest) and dark, the list, the arrow and the sheet fit 390 px and stay readable', async () => {
    const { context, page, errors } = await openMap(
      { position: player },
      { search: '?lang=pt-BR', colorScheme: 'dark', reducedMotion: 'reduce' },
    )
    try {
      await page.getByRole('complementary', { name: 'Como coletar' }).getByRole('button', { name: 'Entendi' }).click()
      /** Elements under `selector` whose text is cut or runs out of the 390 px screen. */
      const overflowing = (selector: string) =>
        page.locator(selector).evaluate((root) =>
          [root, ...root.querySelectorAll('*')]
            .filter((element) => {
              const box = element.getBoundingClientRect()
              return element.scrollWidth > element.clientWidth + 1 || box.left < -0.5 || box.right > 390.5
            })
            .map((element) => `${element.className}: ${element.textContent?.slice(0, 40)}`),
        )
      const bubble = page.locator('.map-cluster')
      const [b, f] = [await bubble.boundingBox(), await page.locator('.map-drop[data-drop-id="group-feather"]').boundingBox()]
      if (!b || !f) throw new Error('not on screen')
      const away = Math.hypot(b.x - f.x, b.y - f.y) || 1
      await page.mouse.click(b.x + 22 + ((b.x - f.x) / away) * 16, b.y + 22 + ((b.y - f.y) / away) * 16)
      const list = page.getByRole('dialog', { name: '2 itens aqui' })
      await list.waitFor()
      expect(await list.getByRole('button', { name: /^Cristal/ }).textContent()).toBe('CristalIncomuma 114 m')
      expect(await overflowing('.cluster-sheet')).toEqual([])
      expect(await lowContrastText(page)).toEqual([])
      await page.screenshot({ path: join(screenshotDir, 'map-cluster-list-pt-BR-dark.png') })
      await list.getByRole('button', { name: /^Moeda/ }).click()
      const sheet = page.getByRole('dialog', { name: 'Moeda' })
      expect(await overflowing('.drop-sheet')).toEqual([])
      expect(await sheet.getByRole('button', { name: 'Coletar' }).isDisabled()).toBe(true)
      expect(await sheet.textContent()).toContain('Chegue a menos de 50 m para coletar.')
      await sheet.getByRole('button', { name: 'Fechar' }).click()

      await page.mouse.move(300, 600)
      await page.mouse.down()
      await page.mouse.move(0, 100, { steps: 12 })
      await page.mouse.up()
      const arrow = page.getByRole('button', { name: /^Item mais próximo: Gema lendária, a 25 m\. Mostrar\.$/ })
      await arrow.waitFor()
      expect(await overflowing('.map-edge-arrow')).toEqual([])
      expect(await lowContrastText(page)).toEqual([])
      expect(errors).toEqual([])
    } finally {
      await context.close()
    }
  })
})
