// @vitest-environment happy-dom
import { expect, test, vi } from 'vitest'
import { createShareCard, SHARE_CARD_SIZE } from './createShareCard.js'
import { ShareCardError } from './ShareCardError.js'

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const find = { kind: 'compass', rarity: 'legendary', count: 3, foundAt: Date.UTC(2025, 5, 15, 12) } as const

/** A canvas that records what is drawn and encodes to `blob`. */
function fakeCanvas({ blob = new Blob([PNG_SIGNATURE], { type: 'image/png' }) as Blob | null, context = true } = {}) {
  const texts: string[] = []
  const fills: string[] = []
  const ctx = {
    fillStyle: '',
    font: '',
    textAlign: '',
    textBaseline: '',
    fillRect: vi.fn(),
    beginPath: vi.fn(),
    arc: vi.fn(),
    fill: vi.fn(function (this: { fillStyle: string }) {
      fills.push(this.fillStyle)
    }),
    fillText: vi.fn((text: string) => texts.push(text)),
  }
  const toBlob = vi.fn((callback: BlobCallback, _type?: string) => callback(blob))
  const canvas = { width: 0, height: 0, getContext: vi.fn(() => (context ? ctx : null)), toBlob }
  return { canvas: canvas as unknown as HTMLCanvasElement, texts, fills, toBlob }
}

test('default: a square PNG File named after the kind, with the find drawn on it', async () => {
  const { canvas, texts, fills, toBlob } = fakeCanvas()
  const file = await createShareCard(find, { createCanvas: () => canvas })
  expect(file).toBeInstanceOf(File)
  expect(file.name).toBe('worldmap-compass.png')
  expect(file.type).toBe('image/png')
  expect(new Uint8Array(await file.arrayBuffer())).toEqual(PNG_SIGNATURE)
  expect([canvas.width, canvas.height]).toEqual([SHARE_CARD_SIZE, SHARE_CARD_SIZE])
  expect(toBlob).toHaveBeenCalledWith(expect.any(Function), 'image/png')
  expect(texts).toEqual(['C', 'Legendary Compass', '×3 · June 15, 2025', 'WorldMap'])
  // The disc is the rarity's marker colour.
  expect(fills).toEqual(['#f0a500'])
})

test('error: no 2D context (a page without canvas support)', async () => {
  const { canvas } = fakeCanvas({ context: false })
  const error = await createShareCard(find, { createCanvas: () => canvas }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ShareCardError)
  expect(error).toMatchObject({ code: 'canvas_unavailable', message: 'This device cannot draw the share image.' })
})

test('error: the encoder answering null or throwing', async () => {
  const { canvas } = fakeCanvas({ blob: null })
  await expect(createShareCard(find, { createCanvas: () => canvas })).rejects.toMatchObject({
    name: 'ShareCardError',
    code: 'encoding_failed',
    message: 'The share image could not be created.',
  })

  const throwing = fakeCanvas()
  const tainted = new Error('The canvas has been tainted')
  throwing.toBlob.mockImplementation(() => {
    throw tainted
  })
  const error = await createShareCard(find, { createCanvas: () => throwing.canvas }).catch((e: unknown) => e)
  expect(error).toMatchObject({ code: 'encoding_failed', cause: tainted })
})

test('behavior: without a canvas factory it draws on a new <canvas> element', async () => {
  const created = vi.spyOn(document, 'createElement')
  // happy-dom has no 2D context: the real element is used, and the failure is typed.
  await expect(createShareCard(find)).rejects.toMatchObject({ code: 'canvas_unavailable' })
  expect(created).toHaveBeenCalledWith('canvas')
})
