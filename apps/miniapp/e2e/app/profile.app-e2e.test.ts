// The profile's World App features end to end: World ID verification (the
// simulator's `verify` → the real `verifyHuman` callable → the level recorded
// on the profile, read back live) and the host permissions (getPermissions,
// requestPermission) — the production app against the local stack.
import { hashToField } from '@worldmap/minikit'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { launchChromium } from '../launchChromium.js'
import { appUrl, homeGreeting, openSession, randomPrivateKey, screenshot, simulatorAddress } from './harness.js'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

/** Sign in on / and open the profile through the top bar's avatar. */
async function openProfile(page: Page) {
  await page.goto(appUrl('/'))
  await homeGreeting(page).waitFor()
  await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click()
  await page.waitForURL(appUrl('/profile'))
}

const sentCommands = (page: Page, command: string) =>
  page.evaluate(
    (name) => (window.worldmapSimulator?.received ?? []).filter((message) => message.command === name).map((m) => m.payload),
    command,
  )

describe('profile', () => {
  test('behavior: Verify asks World App for an Orb proof, the server records it, and the profile shows Verified', async () => {
    const session = await openSession(browser, {
      simulator: { privateKey: randomPrivateKey(), identity: { seed: `profile-${Date.now()}-${Math.random()}` } },
      username: 'verify.e2e',
    })
    const { page } = session
    try {
      await openProfile(page)
      const section = page.getByRole('region', { name: 'World ID' })
      await section.getByText('Not verified. Verify with World ID to collect drops.').waitFor()
      const verified = page.waitForResponse((response) => response.url().endsWith('/verifyHuman'))
      await section.getByRole('button', { name: 'Verify' }).click()

      // The server accepted the simulator's proof and recorded Orb; the section reads it back live.
      const reply = await verified
      expect(reply.status()).toBe(200)
      expect(await reply.json()).toEqual({ result: { verifiedLevel: 'orb' } })
      await section.getByText('Verified human · Orb').waitFor()
      expect(await section.getByRole('button', { name: 'Verify' }).count()).toBe(0)

      // World App was asked for the app's action, signed to this user, at the Orb level.
      const uid = await simulatorAddress(page)
      expect(await sentCommands(page, 'verify')).toEqual([
        expect.objectContaining({ action: 'verify-human', signal: hashToField(uid), verification_level: 'orb' }),
      ])
      expect(await sentCommands(page, 'send-haptic-feedback')).toEqual([{ hapticsType: 'notification', style: 'success' }])
      await screenshot(page, 'profile-verified')
      expect(session.pageErrors).toEqual([])
      // The Orb proof compression (spec §4) reads the stack's local chain: nothing goes out.
      expect(session.blocked).toEqual([])
      expect(session.console.filter((entry) => entry.type === 'error')).toEqual(
        session.blocked.map(() => ({ type: 'error', text: 'Failed to load resource: net::ERR_INTERNET_DISCONNECTED' })),
      )
    } finally {
      await session.close()
    }
  })

  test('behavior: rare-drop alerts show what World App reports and are asked for only on a press', async () => {
    const session = await openSession(browser, {
      simulator: { privateKey: randomPrivateKey(), permissions: { notifications: false, contacts: true } },
    })
    const { page } = session
    try {
      await openProfile(page)
      const section = page.getByRole('region', { name: 'Notifications' })
      const alerts = section.getByRole('listitem').filter({ hasText: 'Rare-drop alerts' })
      await alerts.locator('.permission-state').getByText('Off', { exact: true }).waitFor()
      // Why it is asked for, in a sentence; contacts serve nothing the player sees, so they are not asked for.
      expect(await section.textContent()).toContain('Get a nudge when a rare drop appears near you')
      expect(await section.textContent()).not.toContain('Contacts')
      expect((await sentCommands(page, 'get-permissions')).length).toBeGreaterThanOrEqual(1)
      expect(await sentCommands(page, 'request-permission')).toEqual([])
      await screenshot(page, 'profile-permissions')

      await alerts.getByRole('button', { name: 'Turn on rare-drop alerts' }).click()
      await alerts.locator('.permission-state').getByText('On', { exact: true }).waitFor()
      expect(await alerts.getByRole('button').count()).toBe(0)
      expect(await sentCommands(page, 'request-permission')).toEqual([{ permission: 'notifications' }])
      // The host now holds the grant too.
      expect(await page.evaluate(() => window.worldmapSimulator?.permissions.notifications)).toBe(true)
      expect(session.pageErrors).toEqual([])
    } finally {
      await session.close()
    }
  })
})
