import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { afterEach, describe, expect, test } from 'vitest'
import type { ConsentRequest } from '../host/createSimulator.js'
import { createConsentDrawer } from './createConsentDrawer.js'

const address = '0x1234567890abcdef1234567890abcdef12345678'
const request = (command: ConsentRequest['command'], payload: Record<string, unknown>): ConsentRequest => ({
  command,
  payload,
  address,
  domain: 'localhost:5173',
})
const sheets = () => [...document.body.querySelectorAll('worldmap-simulator-sheet')]
const sheet = () => {
  const root = sheets()[0]?.shadowRoot
  if (!root) throw new Error('no sheet shown')
  return root
}
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))
const key = (target: Element, init: KeyboardEventInit) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, composed: true, cancelable: true, ...init }))
const dialog = () => sheet().querySelector('[role="dialog"]') as HTMLElement
const focused = () => sheet().activeElement as HTMLElement | null

afterEach(() => {
  for (const element of sheets()) element.remove()
  document.body.replaceChildren()
})

describe('createConsentDrawer', () => {
  test('default: a labelled modal dialog in a shadow root, focus on the approve button', async () => {
    const answer = createConsentDrawer(window)(
      request('pay', {
        reference: 'ref-1',
        to: address,
        tokens: [{ symbol: 'WLD', token_amount: '1500000000000000000' }],
        description: 'A golden map',
        network: 'worldchain',
      }),
    )
    await tick()
    expect(sheets()).toHaveLength(1)
    const root = sheet()
    expect(dialog().getAttribute('aria-modal')).toBe('true')
    expect(root.getElementById('sheet-title')?.textContent).toBe('Confirm payment')
    expect(dialog().getAttribute('aria-labelledby')).toBe('sheet-title')
    expect(root.querySelector('.tag')?.textContent).toBe('World App simulator · pay')
    const rows = [...root.querySelectorAll('.field')].map((row) => [
      row.querySelector('dt')?.textContent,
      row.querySelector('dd')?.textContent,
    ])
    expect(rows).toContainEqual(['Amount', '1.5 WLD'])
    expect(rows).toContainEqual(['To', '0x1234…5678'])
    expect(root.querySelector('style')?.textContent).toContain('prefers-reduced-motion')
    expect(focused()?.className).toBe('approve')
    expect(focused()?.textContent).toBe('Pay')
    // Outside styles and scripts do not see into it.
    expect(document.body.querySelector('h2')).toBeNull()
    ;(root.querySelector('.approve') as HTMLButtonElement).click()
    await expect(answer).resolves.toBe(true)
  })

  test('behavior: the sign-in sheet shows the address that signs, never the {address} placeholder', async () => {
    const siweMessage = `localhost wants you to sign in with your Ethereum account:\n{address}\n\nHello.\n\nURI: https://localhost\nVersion: 1\nChain ID: 480\nNonce: 12345678\nIssued At: 2026-01-01T00:00:00.000Z`
    const answer = createConsentDrawer(window)(request('wallet-auth', { siweMessage }))
    await tick()
    const root = sheet()
    expect(root.querySelector('pre')?.textContent).toContain(`\n${address}\n`)
    expect(root.textContent).not.toContain('{address}')
    expect(root.querySelector('.copy')?.getAttribute('data-copy')).toBe(address)
    key(dialog(), { key: 'Escape' })
    await expect(answer).resolves.toBe(false)
  })

  test('behavior: an unlimited approval shows its warning as an alert and starts on Cancel, so Enter declines it', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [address, maxUint256] })
    const answer = createConsentDrawer(window)(
      request('send-transaction', { chainId: 480, transactions: [{ to: address, data, value: '0x0' }] }),
    )
    await tick()
    const root = sheet()
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/^⚠ Unlimited approval: 0x1234…5678 could take every/)
    expect(root.querySelector('.field.warn dd')?.textContent).toMatch(/^Unlimited approval/)
    expect(focused()?.className).toBe('reject')
    ;(focused() as HTMLButtonElement).click()
    await expect(answer).resolves.toBe(false)
  })

  test('behavior: Escape rejects, removes the sheet and gives focus back', async () => {
    const outside = document.createElement('button')
    document.body.append(outside)
    outside.focus()
    const answer = createConsentDrawer(window)(request('sign-message', { message: 'hi' }))
    await tick()
    expect(document.activeElement).not.toBe(outside)
    key(dialog(), { key: 'Escape' })
    await expect(answer).resolves.toBe(false)
    expect(sheets()).toHaveLength(0)
    expect(document.activeElement).toBe(outside)
  })

  test('behavior: Enter on the focused approve button approves; Space on reject rejects', async () => {
    const confirm = createConsentDrawer(window)
    const first = confirm(request('sign-message', { message: 'one' }))
    await tick()
    key(focused() as HTMLElement, { key: 'Enter' })
    await expect(first).resolves.toBe(true)
    const second = confirm(request('sign-message', { message: 'two' }))
    await tick()
    ;(sheet().querySelector('.reject') as HTMLButtonElement).focus()
    key(focused() as HTMLElement, { key: ' ' })
    await expect(second).resolves.toBe(false)
  })

  test('behavior: Tab and Shift+Tab cycle inside the sheet (focus trap)', async () => {
    const answer = createConsentDrawer(window)(request('sign-message', { message: 'trap' }))
    await tick()
    const order = [...sheet().querySelectorAll<HTMLElement>('.copy, pre, .reject, .approve')].map(
      (element) => element.className || element.tagName,
    )
    expect(order).toEqual(['copy', 'PRE', 'reject', 'approve'])
    // From approve (last), Tab wraps to the first control.
    key(focused() as HTMLElement, { key: 'Tab' })
    expect(focused()?.className).toBe('copy')
    key(focused() as HTMLElement, { key: 'Tab', shiftKey: true })
    expect(focused()?.className).toBe('approve')
    key(focused() as HTMLElement, { key: 'Tab', shiftKey: true })
    expect(focused()?.className).toBe('reject')
    key(dialog(), { key: 'Escape' })
    await answer
  })

  test('behavior: one sheet at a time, in arrival order', async () => {
    const confirm = createConsentDrawer(window)
    const first = confirm(request('sign-message', { message: 'first' }))
    const second = confirm(request('share-contacts', { isMultiSelectEnabled: false }))
    await tick()
    expect(sheets()).toHaveLength(1)
    expect(sheet().getElementById('sheet-title')?.textContent).toBe('Sign message')
    ;(sheet().querySelector('.reject') as HTMLButtonElement).click()
    await expect(first).resolves.toBe(false)
    await tick()
    expect(sheet().getElementById('sheet-title')?.textContent).toBe('Share contacts')
    ;(sheet().querySelector('.approve') as HTMLButtonElement).click()
    await expect(second).resolves.toBe(true)
  })

  test('behavior: the share sheet previews text, URL and files with image thumbnails', async () => {
    const png = btoa('not really a png')
    const answer = createConsentDrawer(window)(
      request('share', {
        title: 'WorldMap',
        url: 'https://example.com/find',
        files: [
          { name: 'find.png', type: 'image/png', data: png },
          { name: 'notes.txt', type: 'text/plain', data: btoa('hello') },
        ],
      }),
    )
    await tick()
    const root = sheet()
    const files = [...root.querySelectorAll('.file')]
    expect(
      files.map((file) => [file.querySelector('.file-name')?.textContent, file.querySelector('.file-meta')?.textContent]),
    ).toEqual([
      ['find.png', 'image/png · 16 B'],
      ['notes.txt', 'text/plain · 5 B'],
    ])
    expect(root.querySelector('img.thumb')?.getAttribute('src')).toBe(`data:image/png;base64,${png}`)
    expect(root.querySelectorAll('img')).toHaveLength(1)
    ;(root.querySelector('.approve') as HTMLButtonElement).click()
    await expect(answer).resolves.toBe(true)
  })

  test('edge: page data is text, never markup', async () => {
    const answer = createConsentDrawer(window)(request('sign-message', { message: '<img src=x onerror="window.__owned=1">' }))
    await tick()
    expect(sheet().querySelector('pre')?.textContent).toBe('<img src=x onerror="window.__owned=1">')
    expect(sheet().querySelectorAll('img')).toHaveLength(0)
    key(dialog(), { key: 'Escape' })
    await answer
  })
})
