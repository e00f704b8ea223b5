import type { DropKind, Rarity } from '@worldmap/game'
import { formatDate } from '../../lib/format/formatDate.js'
import { dropKindInfo } from '../art/dropKindInfo.js'
import { dropLabel } from '../art/dropLabel.js'
import { rarityStyles } from '../art/rarityStyles.js'
import { renderDropArtSvg } from '../art/renderDropArtSvg.js'
import { ShareCardError } from './ShareCardError.js'

/** What the card shows. */
export interface ShareCardFind {
  kind: DropKind
  rarity: Rarity
  /** How many of this kind and rarity the player has. */
  count: number
  /** When it was (most recently) found, ms since the epoch. */
  foundAt: number
}

/** Options of {@link createShareCard}; both for tests, each with a browser default. */
export interface ShareCardOptions {
  /** Where to draw; defaults to a new `<canvas>`. */
  createCanvas?: () => HTMLCanvasElement
  /** Loads the art (an SVG `data:` URL) as something the canvas can draw; defaults to an `<img>`. */
  loadImage?: (src: string) => Promise<CanvasImageSource>
}

/** Square, the shape every share target crops least; small enough to inline as base64. */
export const SHARE_CARD_SIZE = 720
/** The art's size on the card, px. */
export const SHARE_CARD_ART_SIZE = 360

const ART_TOP = 60
const TEXT_WIDTH = 620

async function loadImageElement(src: string): Promise<CanvasImageSource> {
  const image = new Image()
  image.src = src
  await image.decode()
  return image
}

/**
 * Draw a find as a PNG image card — the item's art in its rarity frame on
 * a night background lit in the rarity's colour, its name, its one-line
 * description, how many the player has and the date — and wrap it as a
 * `File` named `worldmap-<kind>.png`, ready for the `share` command.
 *
 * @throws {ShareCardError} `canvas_unavailable` without a 2D context, `art_unavailable` when the art
 *   will not load, `encoding_failed` when PNG encoding fails.
 * @example
 * ```ts
 * const file = await createShareCard({ kind: 'gem', rarity: 'rare', count: 2, foundAt: Date.now() })
 * await share({ files: [file], text: 'I have found 2 × Rare Gem on WorldMap!' })
 * ```
 */
export async function createShareCard(find: ShareCardFind, options: ShareCardOptions = {}): Promise<File> {
  const canvas = options.createCanvas?.() ?? document.createElement('canvas')
  canvas.width = SHARE_CARD_SIZE
  canvas.height = SHARE_CARD_SIZE
  const context = canvas.getContext('2d')
  if (!context) throw new ShareCardError('canvas_unavailable')

  const svg = renderDropArtSvg({ kind: find.kind, rarity: find.rarity, size: SHARE_CARD_ART_SIZE, idPrefix: 'card' })
  let art: CanvasImageSource
  try {
    art = await (options.loadImage ?? loadImageElement)(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)
  } catch (error) {
    throw new ShareCardError('art_unavailable', { cause: error })
  }
  draw(context, find, art)

  const blob = await new Promise<Blob | null>((resolve, reject) => {
    try {
      canvas.toBlob(resolve, 'image/png')
    } catch (error) {
      // A tainted or oversized canvas throws instead of answering null.
      reject(new ShareCardError('encoding_failed', { cause: error }))
    }
  })
  if (!blob) throw new ShareCardError('encoding_failed')
  return new File([blob], `worldmap-${find.kind}.png`, { type: 'image/png' })
}

/** Break `text` into lines no wider than `width` at the context's current font. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word
    if (line && context.measureText(candidate).width > width) {
      lines.push(line)
      line = word
    } else line = candidate
  }
  if (line) lines.push(line)
  return lines
}

function draw(context: CanvasRenderingContext2D, find: ShareCardFind, art: CanvasImageSource) {
  const size = SHARE_CARD_SIZE
  const centre = size / 2
  const rarity = rarityStyles[find.rarity]

  context.fillStyle = '#0e1422'
  context.fillRect(0, 0, size, size)
  // The rarity's light behind the art, as in the catch reveal.
  const glow = context.createRadialGradient(
    centre,
    ART_TOP + SHARE_CARD_ART_SIZE / 2,
    20,
    centre,
    ART_TOP + SHARE_CARD_ART_SIZE / 2,
    340,
  )
  glow.addColorStop(0, `${rarity.glow}aa`)
  glow.addColorStop(1, `${rarity.glow}00`)
  context.fillStyle = glow
  context.fillRect(0, 0, size, size)

  context.drawImage(art, centre - SHARE_CARD_ART_SIZE / 2, ART_TOP, SHARE_CARD_ART_SIZE, SHARE_CARD_ART_SIZE)

  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillStyle = '#ffffff'
  context.font = 'bold 56px system-ui, sans-serif'
  context.fillText(dropLabel(find), centre, 470)

  context.fillStyle = '#c9d1d9'
  context.font = '28px system-ui, sans-serif'
  const lines = wrap(context, dropKindInfo[find.kind].description, TEXT_WIDTH).slice(0, 2)
  lines.forEach((line, index) => {
    context.fillText(line, centre, 522 + index * 36)
  })

  context.fillStyle = rarity.glow
  context.font = 'bold 30px system-ui, sans-serif'
  context.fillText(`×${find.count} · ${formatDate(find.foundAt)}`, centre, 610)

  context.fillStyle = '#8b949e'
  context.font = 'bold 30px system-ui, sans-serif'
  context.fillText('WorldMap', centre, 675)
}
