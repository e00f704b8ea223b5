// @vitest-environment happy-dom
import { expect, test, vi } from 'vitest'
import { renderDropArtSvg } from '../art/renderDropArtSvg.js'
import { renderSetSealSvg } from '../art/renderSetSealSvg.js'
import {
  createShareCard,
  SHARE_CARD_ART_SIZE,
  SHARE_CARD_SEAL_SIZE,
  SHARE_CARD_SIZE,
  type ShareCardFind,
} from './createShareCard.js'
import { ShareCardError } from './ShareCardError.js'

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const words = {
  name: 'Legendary Compass',
  description: 'Its needle points to the next thing worth finding.',
  date: 'Jun 15, 2025',
}
const find: ShareCardFind = { kind: 'compass', rarity: 'legendary', count: 3, foundAt: Date.UTC(2025, 5, 15, 12), words }
const artImage = { width: SHARE_CARD_ART_SIZE, height: SHARE_CARD_ART_SIZE } as unknown as CanvasImageSource

/** A canvas that records what is drawn and encodes to `blob`; text is 10 px per character wide. */
function fakeCanvas({ blob = new Blob([PNG_SIGNATURE], { type: 'image/png' }) as Blob | null, context = true } = {}) {
  const texts: string[] = []
  const images: unknown[][] = []
  const gradient = { addColorStop: vi.fn() }
  const ctx = {
    fillStyle: '' as unknown,
    font: '',
    textAlign: '',
    textBaseline: '',
    fillRect: vi.fn(),
    createRadialGradient: vi.fn(() => gradient),
    drawImage: vi.fn((...args: unknown[]) => images.push(args)),
    measureText: vi.fn((text: string) => ({ width: text.length * 10 })),
    fillText: vi.fn((text: string) => texts.push(text)),
  }
  const toBlob = vi.fn((callback: BlobCallback, _type?: string) => callback(blob))
  const canvas = { width: 0, height: 0, getContext: vi.fn(() => (context ? ctx : null)), toBlob }
  return { canvas: canvas as unknown as HTMLCanvasElement, texts, images, gradient, toBlob }
}

test('default: a square PNG File named after the kind, with the art and the find drawn on it', async () => {
  const { canvas, texts, images, gradient, toBlob } = fakeCanvas()
  const loadImage = vi.fn(async (_src: string) => artImage)
  const file = await createShareCard(find, { createCanvas: () => canvas, loadImage })
  expect(file).toBeInstanceOf(File)
  expect(file.name).toBe('worldmap-compass.png')
  expect(file.type).toBe('image/png')
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_SIGNATURE)
  expect([canvas.width, canvas.height]).toEqual([SHARE_CARD_SIZE, SHARE_CARD_SIZE])
  expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/png')

  // The art is the same drawing as on screen, as an SVG data URL, centred at its size.
  const src = loadImage.mock.calls[0]?.[0] ?? ''
  expect(src.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true)
  expect(decodeURIComponent(src.slice(src.indexOf(',') + 1))).toBe(
    renderDropArtSvg({ kind: 'compass', rarity: 'legendary', size: SHARE_CARD_ART_SIZE, idPrefix: 'card' }),
  )
  expect(images).toEqual([[artImage, (SHARE_CARD_SIZE - SHARE_CARD_ART_SIZE) / 2, 60, SHARE_CARD_ART_SIZE, SHARE_CARD_ART_SIZE]])
  // Lit in the rarity's glow colour.
  expect(gradient.addColorStop).toHaveBeenCalledWith(0, '#ffd45caa')

  expect(texts).toEqual([
    'Legendary Compass',
    // The description, wrapped to the card's width.
    'Its needle points to the next thing worth finding.',
    '×3 · Jun 15, 2025',
    'WorldMap',
  ])
})

test('behavior: a long description wraps onto two lines', async () => {
  const { canvas, texts } = fakeCanvas()
  const relic = { ...words, description: 'Older than the streets around it. Someone kept it safe for you.' }
  await createShareCard({ ...find, kind: 'relic', words: relic }, { createCanvas: () => canvas, loadImage: async () => artImage })
  expect(texts.slice(1, 3)).toEqual(['Older than the streets around it. Someone kept it safe for', 'you.'])
})

test("behavior: the finder's one name goes above the wordmark", async () => {
  const { canvas, texts } = fakeCanvas()
  await createShareCard(
    { ...find, words: { ...words, finder: 'Found by Quiet Wren 6747' } },
    { createCanvas: () => canvas, loadImage: async () => artImage },
  )
  expect(texts.slice(-2)).toEqual(['Found by Quiet Wren 6747', 'WorldMap'])
})

test('behavior: a complete set puts its seal on the card, and says so in words', async () => {
  const { canvas, texts, images } = fakeCanvas()
  const sealImage = { width: SHARE_CARD_SEAL_SIZE, height: SHARE_CARD_SEAL_SIZE } as unknown as CanvasImageSource
  const loadImage = vi.fn(async (src: string) => (src.includes('card-seal') ? sealImage : artImage))
  await createShareCard({ ...find, seal: 'Compass Seal · Set complete' }, { createCanvas: () => canvas, loadImage })
  const sources = loadImage.mock.calls.map(([src]) => decodeURIComponent(src.slice(src.indexOf(',') + 1)))
  expect(sources[1]).toBe(renderSetSealSvg({ kind: 'compass', size: SHARE_CARD_SEAL_SIZE, idPrefix: 'card-seal' }))
  // The seal is drawn after (over) the art, inside the card.
  expect(images.map((args) => args[0])).toEqual([artImage, sealImage])
  const [, x = 0, y = 0] = images[1] as number[]
  expect(x + SHARE_CARD_SEAL_SIZE).toBeLessThanOrEqual(SHARE_CARD_SIZE)
  expect(y + SHARE_CARD_SEAL_SIZE).toBeLessThanOrEqual(SHARE_CARD_SIZE)
  expect(texts).toEqual([
    'Legendary Compass',
    'Its needle points to the next thing worth finding.',
    '×3 · Jun 15, 2025',
    'Compass Seal · Set complete',
    'WorldMap',
  ])
})

test('error: no 2D context (a page without canvas support)', async () => {
  const { canvas } = fakeCanvas({ context: false })
  const error = await createShareCard(find, { createCanvas: () => canvas }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ShareCardError)
  expect(error).toMatchObject({ code: 'canvas_unavailable', message: 'This device cannot draw the share picture.' })
})

test('error: the art will not load', async () => {
  const { canvas, toBlob } = fakeCanvas()
  const broken = new Error('decode failed')
  const error = await createShareCard(find, { createCanvas: () => canvas, loadImage: async () => Promise.reject(broken) }).catch(
    (e: unknown) => e,
  )
  expect(error).toMatchObject({
    name: 'ShareCardError',
    code: 'art_unavailable',
    message: 'The item’s picture could not be drawn. Please try again.',
    cause: broken,
  })
  expect(toBlob).not.toHaveBeenCalled()
})

test('error: the encoder answering null or throwing', async () => {
  const loadImage = async () => artImage
  const { canvas } = fakeCanvas({ blob: null })
  await expect(createShareCard(find, { createCanvas: () => canvas, loadImage })).rejects.toMatchObject({
    name: 'ShareCardError',
    code: 'encoding_failed',
    message: 'The share picture could not be created. Please try again.',
  })

  const throwing = fakeCanvas()
  const tainted = new Error('The canvas has been tainted')
  throwing.toBlob.mockImplementation(() => {
    throw tainted
  })
  const error = await createShareCard(find, { createCanvas: () => throwing.canvas, loadImage }).catch((e: unknown) => e)
  expect(error).toMatchObject({ code: 'encoding_failed', cause: tainted })
})

test('behavior: without a canvas factory it draws on a new <canvas> element', async () => {
  const created = vi.spyOn(document, 'createElement')
  // happy-dom has no 2D context: the real element is used, and the failure is typed.
  await expect(createShareCard(find)).rejects.toMatchObject({ code: 'canvas_unavailable' })
  expect(created).toHaveBeenCalledWith('canvas')
})
