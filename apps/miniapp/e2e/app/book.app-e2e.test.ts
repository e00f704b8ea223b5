// The collection book's sets end to end (issue 24, point 3): a player's
// inventory, written on the test stack as the server's collectDrop would have
// (the Admin SDK on the player's instance, rules bypassed), shows each kind as a set of five with its
// progress; a complete kind earns its seal on the shelf and on its row, with a
// "Set complete!" moment once per device. The 40 cards are looked at, and the
// screen is measured for text that does not fit at 390 px in every language.
import { DROP_KINDS, databasePaths, type InventoryItem, RARITIES } from '@worldmap/game'
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { en } from '../../src/lib/i18n/catalogues/en/index.js'
import { es } from '../../src/lib/i18n/catalogues/es/index.js'
import { id } from '../../src/lib/i18n/catalogues/id/index.js'
import { ptBR } from '../../src/lib/i18n/catalogues/pt-BR/index.js'
import { sharedBrowserAndDatabase } from './chaos/chaos.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'
import { lowContrastText, SAFE_AREA, tapTargets } from './screens.js'

const TEST_TIMEOUT_MS = 120_000
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
const MARINA_BAY = { lat: 1.2834, lng: 103.8607 }

const shared = sharedBrowserAndDatabase()

/** A signed-in player on home, with the device's language and colour scheme; returns the session and its uid. */
async function signedInPlayer(options: { locale?: string; colorScheme?: 'light' | 'dark' } = {}) {
  const session = await openSession(shared.browser, {
    simulator: {
      privateKey: randomPrivateKey(),
      identity: { seed: `book-${Date.now()}-${Math.random()}` },
      safeAreaInsets: SAFE_AREA,
    },
    username: `book-${Date.now().toString(36)}`,
    ...options,
  })
  await session.page.goto(appUrl('/'))
  await homeGreeting(session.page).waitFor()
  return { session, uid: await simulatorAddress(session.page) }
}

/** Items as collectDrop writes them, straight into `/inventories/{uid}`. */
async function seedInventory(uid: string, finds: ReadonlyArray<Pick<InventoryItem, 'kind' | 'rarity' | 'collectedAt'>>) {
  const items = Object.fromEntries(
    finds.map((find, index) => [`seed${index}`, { ...find, dropId: `seed-drop-${index}`, ...MARINA_BAY }]),
  )
  await shared.playerAdmin(uid).database.ref(databasePaths.inventory(uid)).set(items)
}

/** Every rarity of `kind`, the legendary (the last one) found `lastAt`, the others a minute apart before it. */
const fullSet = (kind: InventoryItem['kind'], lastAt: number) =>
  RARITIES.map((rarity, index) => ({ kind, rarity, collectedAt: lastAt - (RARITIES.length - 1 - index) * MINUTE }))

/** A few finds of other kinds around the set: a book in progress, not only the one row. */
const someOthers = (at: number) =>
  (
    [
      ['gem', 'rare'],
      ['gem', 'common'],
      ['shell', 'uncommon'],
      ['feather', 'epic'],
      ['crystal', 'common'],
      ['compass', 'legendary'],
      ['scroll', 'rare'],
      ['relic', 'uncommon'],
    ] as const
  ).map(([kind, rarity], index) => ({ kind, rarity, collectedAt: at - (index + 10) * MINUTE }))

async function openBook(page: Page) {
  await page.goto(appUrl('/inventory'))
  await page.locator('.book').waitFor()
}

/** Text in the inventory wider than its box or past the screen's edge, at the phone's width. Runs in the page. */
function overflowingText(): string[] {
  const width = document.documentElement.clientWidth
  return [...document.querySelectorAll('.inventory *')]
    .filter((element) => [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim()))
    .filter((element) => {
      const box = element.getBoundingClientRect()
      if (box.width <= 1 || getComputedStyle(element).display === 'inline') return false
      return element.scrollWidth > element.clientWidth + 1 || box.left < -1 || box.right > width + 1
    })
    .map((element) => `${element.className}: "${element.textContent?.trim().slice(0, 50)}"`)
}

describe('the collection book’s sets', () => {
  test(
    'default: a complete kind earns its seal — the "Set complete!" moment, the shelf and the row — once per device',
    async () => {
      const { session, uid } = await signedInPlayer()
      const { page } = session
      try {
        const now = Date.now()
        await seedInventory(uid, [...fullSet('coin', now - MINUTE), ...someOthers(now)])
        await openBook(page)

        const moment = page.getByRole('region', { name: 'Coin Seal earned' })
        await moment.waitFor()
        expect(await moment.getByRole('status').textContent()).toContain(en['inventory.momentKicker'])
        expect(await moment.locator('svg.set-seal').getAttribute('data-earned')).toBe('true')
        const shelf = page.getByRole('region', { name: en['inventory.setsTitle'] })
        expect(await shelf.textContent()).toContain('1 of 8 earned')
        expect(await shelf.getByRole('img', { name: 'Coin Seal: earned' }).count()).toBe(1)
        const coins = page.getByRole('region', { name: 'Coins 5 of 5 rarities found' })
        expect(await coins.getAttribute('data-complete')).toBe('true')
        expect(await coins.getByText(en['inventory.setComplete']).isVisible()).toBe(true)
        expect(await page.getByRole('region', { name: 'Gems 2 of 5 rarities found' }).getAttribute('data-complete')).toBe('false')
        expect(await page.evaluate(overflowingText)).toEqual([])
        expect(await lowContrastText(page)).toEqual([])
        expect((await tapTargets(page)).filter((target) => target.width < 44 || target.height < 44)).toEqual([])
        await screenshot(page, 'book-set-complete')

        // Put away, it stays away on this device; the seal stays on the shelf and the row.
        await moment.getByRole('button', { name: en['inventory.momentDismiss'] }).click()
        await moment.waitFor({ state: 'detached' })
        await page.reload()
        await page.locator('.book').waitFor()
        expect(await page.getByRole('region', { name: 'Coin Seal earned' }).count()).toBe(0)
        expect(await page.getByRole('region', { name: en['inventory.setsTitle'] }).textContent()).toContain('1 of 8 earned')
        await screenshot(page, 'book-sets')
        // A card still to find: its silhouette and the name of what it is, a hint for the walk.
        await page.getByRole('button', { name: 'Epic Relic, not found yet' }).click()
        const missing = page.getByRole('dialog', { name: 'Epic Relic' })
        expect(await missing.getByText(en['art.card.relic.epic']).isVisible()).toBe(true)
        await screenshot(page, 'book-detail-missing')
        await missing.getByRole('button', { name: en['common.close'] }).click()

        // The gem's missing rarities land while the book is open (one update, as finds arrive live): its moment comes at once.
        const landed = (['uncommon', 'epic', 'legendary'] as const).map((rarity, index) => [
          `live${index}`,
          { kind: 'gem', rarity, dropId: `seed-live-${index}`, ...MARINA_BAY, collectedAt: Date.now() + index },
        ])
        await shared.playerAdmin(uid).database.ref(databasePaths.inventory(uid)).update(Object.fromEntries(landed))
        await page.getByRole('region', { name: 'Gem Seal earned' }).waitFor()
        expect(await page.getByRole('region', { name: en['inventory.setsTitle'] }).textContent()).toContain('2 of 8 earned')
      } finally {
        await session.close()
      }
    },
    TEST_TIMEOUT_MS,
  )

  test(
    'behavior: all 40 cards, light and dark — every kind complete, eight seals, no silhouette left',
    async () => {
      for (const colorScheme of ['light', 'dark'] as const) {
        const { session, uid } = await signedInPlayer({ colorScheme })
        const { page } = session
        try {
          // Completed long ago: the moments are not replayed, the book shows as it is.
          const then = Date.now() - 30 * DAY
          await seedInventory(
            uid,
            DROP_KINDS.flatMap((kind, index) => fullSet(kind, then + index * DAY)),
          )
          await openBook(page)
          await page.getByRole('region', { name: en['inventory.setsTitle'] }).waitFor()
          expect(await page.getByRole('region', { name: en['inventory.setsTitle'] }).textContent()).toContain('8 of 8 earned')
          expect(await page.locator('.set-moment').count()).toBe(0)
          expect(await page.locator('.book svg.drop-art[data-silhouette]').count()).toBe(0)
          expect(await page.locator('.book svg.drop-art').count()).toBe(40)
          expect(await lowContrastText(page), colorScheme).toEqual([])
          const suffix = colorScheme === 'dark' ? '-dark' : ''
          await screenshot(page, `book-all-cards${suffix}`)
          await page.locator('.book-row[aria-labelledby="book-compass"]').scrollIntoViewIfNeeded()
          await screenshot(page, `book-all-cards-2${suffix}`)
          await page.getByRole('button', { name: /^Legendary Relic, 1 found/ }).click()
          await page.getByRole('dialog', { name: 'Legendary Relic' }).waitFor()
          await screenshot(page, `book-detail-legendary${suffix}`)
        } finally {
          await session.close()
        }
      }
    },
    TEST_TIMEOUT_MS,
  )

  test(
    'behavior: the sets fit at 390 px in Spanish, Portuguese (Brazil) and Indonesian (dark)',
    async () => {
      // Indonesian in dark mode: the grey seals still to win and the silhouettes are inverted there.
      const languages = [
        ['es-ES', es, 'light'],
        ['pt-BR', ptBR, 'light'],
        ['id-ID', id, 'dark'],
      ] as const
      for (const [locale, catalogue, colorScheme] of languages) {
        const { session, uid } = await signedInPlayer({ locale, colorScheme })
        const { page } = session
        try {
          const now = Date.now()
          await seedInventory(uid, [...fullSet('compass', now - MINUTE), ...someOthers(now)])
          await openBook(page)
          const title = catalogue['inventory.momentTitle'].replace('{seal}', catalogue['inventory.seal.compass'])
          await page.getByRole('region', { name: title }).waitFor()
          expect(await page.locator('.book-row-complete').textContent()).toBe(catalogue['inventory.setComplete'])
          expect(await page.evaluate(overflowingText), locale).toEqual([])
          expect(await lowContrastText(page), locale).toEqual([])
          await screenshot(page, `book-set-complete-${locale}`)
          // The finds list and an item's detail, in the same language, fit too.
          await page.getByRole('button', { name: catalogue['inventory.momentDismiss'] }).click()
          await page.getByRole('tab', { name: catalogue['inventory.tabFinds'] }).click()
          await page.locator('.finds-item').first().waitFor()
          expect(await page.evaluate(overflowingText), `${locale} finds`).toEqual([])
          await page.locator('.finds-item').first().click()
          await page.getByRole('dialog').getByRole('button', { name: catalogue['inventory.share'] }).waitFor()
          expect(await page.evaluate(overflowingText), `${locale} detail`).toEqual([])
          await screenshot(page, `book-detail-${locale}`)
        } finally {
          await session.close()
        }
      }
    },
    TEST_TIMEOUT_MS,
  )
})
