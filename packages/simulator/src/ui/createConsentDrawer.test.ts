import { afterEach, describe, expect, test } from 'vitest'
import { createConsentDrawer } from './createConsentDrawer.js'

const sheets = () => [...document.body.querySelectorAll('worldmap-simulator-sheet')]
const sheet = () => {
  const root = sheets()[0]?.shadowRoot
  if (!root) throw new Error('no sheet shown')
  return root
}
const click = (selector: '.approve' | '.reject') => (sheet().querySelector(selector) as HTMLButtonElement).click()
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  for (const element of sheets()) element.remove()
})

describe('createConsentDrawer', () => {
  test('default: shows a World App-style sheet in a shadow root', async () => {
    const confirm = createConsentDrawer(window)
    const answer = confirm({ command: 'pay', payload: { reference: 'ref-1', description: 'A golden map' } })
    await tick()
    expect(sheets()).toHaveLength(1)
    const root = sheet()
    expect(root.querySelector('h2')?.textContent).toBe('Confirm payment')
    expect(root.querySelector('[role="dialog"]')?.getAttribute('aria-label')).toBe('Confirm payment')
    expect(root.querySelector('.tag')?.textContent).toBe('World App simulator · pay')
    expect(JSON.parse(root.querySelector('pre')?.textContent ?? '')).toEqual({ reference: 'ref-1', description: 'A golden map' })
    expect(root.querySelector('style')?.textContent).toContain('.sheet')
    // Outside styles and scripts do not see into it.
    expect(document.body.querySelector('h2')).toBeNull()
    click('.approve')
    await answer
  })

  test('behavior: Approve resolves true and removes the sheet', async () => {
    const answer = createConsentDrawer(window)({ command: 'sign-message', payload: { message: 'hi' } })
    await tick()
    click('.approve')
    await expect(answer).resolves.toBe(true)
    expect(sheets()).toHaveLength(0)
  })

  test('behavior: Reject resolves false and removes the sheet', async () => {
    const answer = createConsentDrawer(window)({ command: 'verify', payload: { action: 'collect' } })
    await tick()
    expect(sheet().querySelector('h2')?.textContent).toBe('Verify with World ID')
    click('.reject')
    await expect(answer).resolves.toBe(false)
    expect(sheets()).toHaveLength(0)
  })

  test('behavior: two requests are shown one at a time, in order', async () => {
    const confirm = createConsentDrawer(window)
    const first = confirm({ command: 'pay', payload: {} })
    const second = confirm({ command: 'share-contacts', payload: {} })
    await tick()
    expect(sheets()).toHaveLength(1)
    expect(sheet().querySelector('h2')?.textContent).toBe('Confirm payment')
    click('.reject')
    await expect(first).resolves.toBe(false)
    await tick()
    expect(sheets()).toHaveLength(1)
    expect(sheet().querySelector('h2')?.textContent).toBe('Share contacts')
    click('.approve')
    await expect(second).resolves.toBe(true)
    expect(sheets()).toHaveLength(0)
  })

  test('parameters: wallet-auth shows the SIWE text as is', async () => {
    const siweMessage = 'localhost wants you to sign in with your Ethereum account:\n{address}\n'
    const answer = createConsentDrawer(window)({ command: 'wallet-auth', payload: { siweMessage } })
    await tick()
    expect(sheet().querySelector('h2')?.textContent).toBe('Sign in with World App')
    expect(sheet().querySelector('pre')?.textContent).toBe(siweMessage)
    click('.approve')
    await answer
  })

  test('parameters: a command without a title shows its name; the default window is the page', async () => {
    const answer = createConsentDrawer()({ command: 'get-permissions', payload: {} })
    await tick()
    expect(sheet().querySelector('h2')?.textContent).toBe('get-permissions')
    click('.approve')
    await expect(answer).resolves.toBe(true)
  })

  test('behavior: the payload is shown as text, never as markup', async () => {
    const message = '<img src=x onerror="window.__pwned = true"><b>bold</b>'
    const answer = createConsentDrawer(window)({ command: 'sign-message', payload: { message } })
    await tick()
    expect(sheet().querySelector('img')).toBeNull()
    expect(sheet().querySelector('b')).toBeNull()
    expect(JSON.parse(sheet().querySelector('pre')?.textContent ?? '')).toEqual({ message })
    click('.reject')
    await answer
  })
})
