// Smoke test of the production deploy, run locally: `startPreviewProd()`
// builds the production bundles (production-mode configuration pointing at
// local endpoints) and serves them through the Firebase Hosting emulator with
// the repository's firebase.json — static assets from Hosting, pages and
// /api/* through the rewrite to the `ssr` function. A player signs in with the
// World App simulator, verifies with World ID (checked by the Developer
// Portal stand-in, as production does), opens the map, walks to a drop and
// collects it, all through the Hosting URL. The database is reached as in
// production: its configured host answers with a reset naming a shard host
// (previewShardProxy.mjs), the socket moves there, and the page's CSP, derived
// from the database URL's domain, allows it without a single violation.

import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type PreviewProd, startPreviewProd } from '../../../../tooling/scripts/previewProd.mjs'
import { awayFromWindowEnd, isEnsureDropsNear, markersOnScreen, walkIntoReach } from '../app/drops.js'
import { homeGreeting, openSession, randomPrivateKey, screenshot } from '../app/harness.js'
import { verifyWithWorldId } from '../app/screens.js'
import { launchChromium } from '../launchChromium.js'

let preview: PreviewProd
let browser: Browser
beforeAll(async () => {
  const [started, launched] = await Promise.all([startPreviewProd(), launchChromium()])
  preview = started
  browser = launched
})
afterAll(async () => {
  await browser?.close()
  await preview?.stop()
})

const url = (path: string) => `${preview.urls.app}${path}`

describe('pnpm preview:prod', () => {
  test('default: Hosting serves hashed assets immutable and pages from the ssr function, uncached, with the CSP', async () => {
    const page = await fetch(url('/'))
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('cache-control')).toMatch(/\bno-(cache|store)\b/)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("script-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    // connect-src is the production build's backends: here the local endpoints it was built for.
    expect(csp).toContain(preview.urls.functions)
    expect(csp).toContain(preview.urls.auth)
    // The database's shard hosts: every *.localhost host on its port, as *.firebaseio.com in production.
    expect(csp).toContain(`ws://*.localhost:${preview.ports.database}`)
    const html = await page.text()
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] as string)
    expect(assets.length).toBeGreaterThan(0)
    for (const asset of assets.slice(0, 3)) {
      const response = await fetch(url(asset))
      expect(response.status, asset).toBe(200)
      expect(response.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable')
    }

    // A page route and the API go through the same rewrite.
    const map = await fetch(url('/map'))
    expect(map.status).toBe(200)
    expect(map.headers.get('content-security-policy')).toBe(csp)
    const nonce = await fetch(url('/api/sign-nonce'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nonce: '9f86d081884c4d659a2feaa0c55ad015' }),
    })
    expect(nonce.status).toBe(200)
    expect(nonce.headers.get('cache-control')).toBe('no-store')
    expect(await nonce.json()).toEqual({
      status: 'OK',
      signedNonce: expect.stringMatching(/^\d+\.[0-9a-f]{64}$/),
      serverTime: expect.any(Number),
    })
  })

  test('behavior: a player signs in, verifies, walks to a drop on the map and collects it, through the Hosting URL', async () => {
    await awayFromWindowEnd(45_000)
    const start = { lat: 1.3 + Math.random() * 0.1, lng: 103.75 + Math.random() * 0.15 }
    const session = await openSession(browser, {
      simulator: {
        appId: preview.appId,
        privateKey: randomPrivateKey(),
        identity: { seed: `preview-prod-${Date.now()}-${Math.random()}` },
        geolocation: { position: start, accuracy: 5, interval: 250 },
      },
    })
    const { page } = session
    const sockets: string[] = []
    page.on('websocket', (socket) => sockets.push(socket.url()))
    try {
      const spawned = page.waitForResponse(isEnsureDropsNear)
      await page.goto(url('/'))
      await homeGreeting(page).waitFor()
      expect((await spawned).status()).toBe(200)
      const nearest = page.getByRole('region', { name: 'Nearest drops' })
      await nearest.getByRole('listitem').first().waitFor()

      // The socket really moved: first to the configured database host, reset there, then to the shard.
      const databaseHost = new URL(preview.urls.database).host
      const shardHost = new URL(preview.urls.databaseShard).host
      const hosts = sockets.map((socket) => new URL(socket).host)
      expect(hosts[0]).toBe(databaseHost)
      expect(hosts).toContain(shardHost)
      expect(hosts.at(-1)).toBe(shardHost)
      expect(preview.databaseRouting.resets).toBeGreaterThanOrEqual(1)
      expect(preview.databaseRouting.forwarded).toBeGreaterThanOrEqual(1)
      // The SDK keeps the shard for the next launch, as it does with production's s-… hosts.
      expect(await page.evaluate((host) => localStorage.getItem(`firebase:host:${host}`), databaseHost)).toBe(
        JSON.stringify(shardHost),
      )

      // World ID through the simulator, checked by verifyHuman against the Developer Portal stand-in.
      await verifyWithWorldId(page)

      // The nearest drop opens the map with it selected; walk there and collect it.
      const link = nearest.getByRole('link').first()
      const dropId = new URL(String(await link.getAttribute('href')), url('/')).searchParams.get('drop') ?? ''
      await link.click()
      await page.waitForURL((current) => current.pathname === '/map')
      await page.locator('.map-view[data-map-state="loaded"]').waitFor()
      const marker = page.locator(`.map-drop[data-drop-id="${dropId}"]`)
      await marker.waitFor()
      expect((await markersOnScreen(page)).some((candidate) => candidate.id === dropId)).toBe(true)
      const sheet = page.getByRole('dialog')
      await walkIntoReach(page, sheet)
      await expect.poll(() => marker.getAttribute('data-in-reach')).toBe('true')
      // Collect the drop in reach a tap lands on (a neighbour in the same spot may sit on top of ours).
      const tapped = await page.locator('.map-drop[data-in-reach="true"]').evaluateAll((elements) => {
        for (const element of elements) {
          const box = element.getBoundingClientRect()
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('.map-drop')
          if (hit === element) return (element as HTMLElement).dataset.dropId ?? ''
        }
        return ''
      })
      expect(tapped).not.toBe('')
      await page.locator(`.map-drop[data-drop-id="${tapped}"]`).click()
      const collected = page.waitForResponse((response) => response.url().endsWith('/collectDrop'))
      await page.getByRole('dialog').getByRole('button', { name: 'Collect' }).click()
      const reply = await collected
      expect(reply.status()).toBe(200)
      expect(((await reply.json()) as { result: unknown }).result).toMatchObject({
        itemId: tapped,
        firstFind: true,
        count: 1,
        progress: { today: 1 },
      })
      await page.getByRole('dialog', { name: /^You found: / }).waitFor()
      await screenshot(page, 'preview-prod-collected')

      expect(session.pageErrors).toEqual([])
      expect(session.blocked).toEqual([])
      expect(session.console.filter((entry) => entry.type === 'error')).toEqual([])
    } finally {
      await session.close()
    }
  })
})
