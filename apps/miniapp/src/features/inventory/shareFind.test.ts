import type { ShareInput, ShareResult } from '@worldmap/minikit'
import { CommandUnavailableError } from '@worldmap/minikit'
import { expect, test, vi } from 'vitest'
import { SHARE_FAILED_MESSAGE, SHARE_UNAVAILABLE_MESSAGE, shareFind, shareText } from './shareFind.js'

const find = { kind: 'gem', rarity: 'epic', count: 1, foundAt: 5 } as const
const card = new File(['png'], 'worldmap-gem.png', { type: 'image/png' })

test('default: the share command gets the card, a title and the text', async () => {
  const share = vi.fn(async (_input: ShareInput): Promise<ShareResult> => ({ status: 'success', version: 1 }))
  await expect(shareFind(find, card, share)).resolves.toEqual({ status: 'shared' })
  expect(share).toHaveBeenCalledWith({ files: [card], title: 'WorldMap', text: 'I found an Epic Gem on WorldMap!' })
})

test('parameters: the text follows the article and the count', () => {
  expect(shareText({ kind: 'coin', rarity: 'common', count: 1 })).toBe('I found a Common Coin on WorldMap!')
  expect(shareText({ kind: 'relic', rarity: 'uncommon', count: 1 })).toBe('I found an Uncommon Relic on WorldMap!')
  expect(shareText({ kind: 'shell', rarity: 'rare', count: 4 })).toBe('I have found 4 × Rare Shell on WorldMap!')
})

test('error: replies and failures become plain words, never codes, and never throw', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const reply = (result: ShareResult) => shareFind(find, card, async () => result)
  await expect(reply({ status: 'error', error_code: 'user_rejected', version: 1 })).resolves.toEqual({ status: 'cancelled' })
  await expect(reply({ status: 'error', error_code: 'generic_error', version: 1 })).resolves.toEqual({
    status: 'failed',
    message: 'Sharing did not work. Please try again.',
  })
  await expect(shareFind(find, card, async () => Promise.reject(new CommandUnavailableError('share')))).resolves.toEqual({
    status: 'failed',
    message: 'Sharing works inside World App. Open WorldMap there to share your finds.',
  })
  await expect(shareFind(find, card, async () => Promise.reject('host gone'))).resolves.toEqual({
    status: 'failed',
    message: SHARE_FAILED_MESSAGE,
  })
  expect(SHARE_UNAVAILABLE_MESSAGE).not.toMatch(/_/)
  // The details are for us, in the console.
  expect(consoleError).toHaveBeenCalledWith('Sharing failed', expect.objectContaining({ error_code: 'generic_error' }))
  expect(consoleError).toHaveBeenCalledWith('Sharing failed', 'host gone')
})
