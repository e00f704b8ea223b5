import type { DropKind, Rarity } from '@worldmap/game'
import { dropName } from '../map/dropName.js'
import { rarityColors } from '../map/rarityColors.js'
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

/** Options of {@link createShareCard}. */
export interface ShareCardOptions {
  /** Where to draw; defaults to a new `<canvas>` (tests pass a fake). */
  createCanvas?: () => HTMLCanvasElement
}

/** Square, the shape every share target crops least; small enough to inline as base64. */
export const SHARE_CARD_SIZE = 720

const dateFormat = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric' })

/**
 * Draw a find as a PNG image card — the rarity's colour, the item's name,
 * its rarity, how many the player has and the date — and wrap it as a
 * `File` named `worldmap-<kind>.png`, ready for the `share` command.
 *
 * @throws {ShareCardError} `canvas_unavailable` without a 2D context, `encoding_failed` when PNG encoding fails.
 * @example
 * ```ts
 * const file = await createShareCard({ kind: 'gem', rarity: 'rare', count: 2, foundAt: Date.now() })
 * await share({ files: [file], text: 'I found a Rare Gem on WorldMap!' })
 * ```
 */
export async function createShareCard(find: ShareCardFind, options: ShareCardOptions = {}): Promise<File> {
  const canvas = options.createCanvas?.() ?? document.createElement('canvas')
  canvas.width = SHARE_CARD_SIZE
  canvas.height = SHARE_CARD_SIZE
  const context = canvas.getContext('2d')
  if (!context) throw new ShareCardError('canvas_unavailable')
  draw(context, find)

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

function draw(context: CanvasRenderingContext2D, find: ShareCardFind) {
  const size = SHARE_CARD_SIZE
  const rarity = rarityColors[find.rarity]
  const centre = size / 2

  context.fillStyle = '#101418'
  context.fillRect(0, 0, size, size)

  // The item as a disc in its rarity colour, the way the map draws drops.
  context.fillStyle = rarity.color
  context.beginPath()
  context.arc(centre, 280, 150, 0, Math.PI * 2)
  context.fill()

  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillStyle = rarity.textColor
  context.font = 'bold 160px system-ui, sans-serif'
  context.fillText(dropName(find.kind).charAt(0), centre, 290)

  context.fillStyle = '#ffffff'
  context.font = 'bold 64px system-ui, sans-serif'
  context.fillText(`${rarity.label} ${dropName(find.kind)}`, centre, 500)

  context.fillStyle = '#c9d1d9'
  context.font = '36px system-ui, sans-serif'
  context.fillText(`×${find.count} · ${dateFormat.format(find.foundAt)}`, centre, 570)

  context.fillStyle = '#8b949e'
  context.font = 'bold 32px system-ui, sans-serif'
  context.fillText('WorldMap', centre, 660)
}
