import type { ShareInput, ShareResult } from '@worldmap/minikit'
import { CommandUnavailableError } from '@worldmap/minikit'
import { expect, test, vi } from 'vitest'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { es } from '../../lib/i18n/catalogues/es/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { shareFind, shareText } from './shareFind.js'

const t = translatorFor({ locale: 'en', messages: en })
const card = new File(['png'], 'worldmap-gem.png', { type: 'image/png' })

test('default: the share command gets the card, a title and the text', async () => {
  const share = vi.fn(async (_input: ShareInput): Promise<ShareResult> => ({ status: 'success', version: 1 }))
  await expect(shareFind(card, share, 'New find on WorldMap: Epic Gem!')).resolves.toEqual({ status: 'shared' })
  expect(share).toHaveBeenCalledWith({ files: [card], title: 'WorldMap', text: 'New find on WorldMap: Epic Gem!' })
})

test('parameters: the text follows the count, in the player’s language', () => {
  expect(shareText(t, { kind: 'coin', rarity: 'common', count: 1 })).toBe('New find on WorldMap: Common Coin!')
  expect(shareText(t, { kind: 'shell', rarity: 'rare', count: 4 })).toBe('I have found 4 × Rare Shell on WorldMap!')
  const tEs = translatorFor({ locale: 'es', messages: es })
  expect(shareText(tEs, { kind: 'gem', rarity: 'epic', count: 1 })).toBe('¡Nuevo hallazgo en WorldMap: Gema épica!')
  expect(shareText(tEs, { kind: 'crystal', rarity: 'legendary', count: 2 })).toBe('¡Ya tengo 2 × Cristal legendario en WorldMap!')
})

test('error: replies and failures become a reason for plain words, never codes, and never throw', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const reply = (result: ShareResult) => shareFind(card, async () => result, 'text')
  await expect(reply({ status: 'error', error_code: 'user_rejected', version: 1 })).resolves.toEqual({ status: 'cancelled' })
  await expect(reply({ status: 'error', error_code: 'generic_error', version: 1 })).resolves.toEqual({
    status: 'failed',
    reason: 'failed',
  })
  await expect(shareFind(card, async () => Promise.reject(new CommandUnavailableError('share')), 'text')).resolves.toEqual({
    status: 'failed',
    reason: 'unavailable',
  })
  await expect(shareFind(card, async () => Promise.reject('host gone'), 'text')).resolves.toEqual({
    status: 'failed',
    reason: 'failed',
  })
  // The details are for us, in the console.
  expect(consoleError).toHaveBeenCalledWith('Sharing failed', expect.objectContaining({ error_code: 'generic_error' }))
  expect(consoleError).toHaveBeenCalledWith('Sharing failed', 'host gone')
})
