import type { ShareInput, ShareResult } from '@worldmap/minikit'
import { expect, test, vi } from 'vitest'
import { ShareCardError } from './ShareCardError.js'
import { shareFind, shareText } from './shareFind.js'

const find = { kind: 'gem', rarity: 'epic', count: 1, foundAt: 5 } as const
const card = new File(['png'], 'worldmap-gem.png', { type: 'image/png' })

test('default: the share command gets the card, a title and the text', async () => {
  const share = vi.fn(async (_input: ShareInput): Promise<ShareResult> => ({ status: 'success', version: 1 }))
  const createCard = vi.fn(async () => card)
  await expect(shareFind(find, { share, createCard })).resolves.toEqual({ status: 'shared' })
  expect(createCard).toHaveBeenCalledWith(find)
  expect(share).toHaveBeenCalledWith({ files: [card], title: 'WorldMap', text: 'I found an Epic Gem on WorldMap!' })
})

test('parameters: the text follows the article and the count', () => {
  expect(shareText({ kind: 'coin', rarity: 'common', count: 1 })).toBe('I found a Common Coin on WorldMap!')
  expect(shareText({ kind: 'relic', rarity: 'uncommon', count: 1 })).toBe('I found an Uncommon Relic on WorldMap!')
  expect(shareText({ kind: 'shell', rarity: 'rare', count: 4 })).toBe('I have found 4 × Rare Shell on WorldMap!')
})

test('error: replies and failures become readable outcomes, never throws', async () => {
  const createCard = async () => card
  const reply = (result: ShareResult) => shareFind(find, { share: async () => result, createCard })
  await expect(reply({ status: 'error', error_code: 'user_rejected', version: 1 })).resolves.toEqual({ status: 'cancelled' })
  await expect(reply({ status: 'error', error_code: 'generic_error', version: 1 })).resolves.toEqual({
    status: 'failed',
    message: 'Sharing failed (generic_error).',
  })

  const share = vi.fn(async (): Promise<ShareResult> => ({ status: 'success', version: 1 }))
  await expect(
    shareFind(find, { share, createCard: async () => Promise.reject(new ShareCardError('canvas_unavailable')) }),
  ).resolves.toEqual({ status: 'failed', message: 'Sharing failed: This device cannot draw the share image.' })
  expect(share).not.toHaveBeenCalled()

  await expect(shareFind(find, { share: async () => Promise.reject('host gone'), createCard })).resolves.toEqual({
    status: 'failed',
    message: 'Sharing failed: host gone',
  })
})
