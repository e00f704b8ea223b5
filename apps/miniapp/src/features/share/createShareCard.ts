import type { DropKind, Rarity } from '@worldmap/game'
import { rarityStyles } from '../art/rarityStyles.js'
import { renderDropArtSvg } from '../art/renderDropArtSvg.js'
import { renderSetSealSvg } from '../art/renderSetSealSvg.js'
import { ShareCardError } from './ShareCardError.js'

/** What the card shows: the find, and its words already in the player's language. */
export interface ShareCardFind {
  kind: DropKind
  rarity: Rarity
  /** How many of this kind and rarity the player has. */
  count: number
  /** When it was (most recently) found, ms since the epoch. */
  foundAt: number
  /**
   * The card's text: the drop's name, the kind's line, the date as the player writes it, and who found
   * it ("Found by Quiet Wren 6747": the player's one name, as on home and the leaderboard), if known.
   */
  words: { name: string; description: string; date: string; finder?: string }
  /** The kind's set is complete: the card wears its seal, with this line ("Coin Seal · Set complete"). */
  seal?: string
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
/** The set seal's size on the card, px: a badge in the art's corner. */
export const SHARE_CARD_SEAL_SIZE = 130

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
 * description, how many the player has and the date, and the kind's set
 * seal when the player has completed that set — and wrap it as a
 * `File` named `worldmap-<kind>.png`, ready for the `share` command.
 *
 * @throws {ShareCardError} `canvas_unavailable` without a 2D context, `art_unavailable` when the art
 *   will not load, `encoding_failed` when PNG encoding fails.
 * @example
 * ```ts
 * const words = { name: 'Rare Gem', description: 'A cut stone…', date: 'Nov 23, 2026' }
 * const file = await createShareCard({ kind: 'gem', rarity: 'rare', count: 2, foundAt: Date.now(), words })
 * await share({ files: [file], text: 'I have found 2 × Rare Gem on WorldMap!' })
 * ```
 */
export async function createShareCard(find: ShareCardFind, options: ShareCardOptions = {}): Promise<File> {
  const canvas = options.createCanvas?.() ?? document.createElement('canvas')
  canvas.width = SHARE_CARD_SIZE
  canvas.height = SHARE_CARD_SIZE
  const context = canvas.getContext('2d')
  if (!context) throw new ShareCardError('canvas_unavailable')

  const load = options.loadImage ?? loadImageElement
  const svgs = [renderDropArtSvg({ kind: find.kind, rarity: find.rarity, size: SHARE_CARD_ART_SIZE, idPrefix: 'card' })]
  if (find.seal) svgs.push(renderSetSealSvg({ kind: find.kind, size: SHARE_CARD_SEAL_SIZE, idPrefix: 'card-seal' }))
  let images: CanvasImageSource[]
  try {
    images = await Promise.all(svgs.map((svg) => load(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`)))
  } catch (error) {
    throw new ShareCardError('art_unavailable', { cause: error })
  }
  draw(context, find, images)

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

function draw(context: CanvasRenderingContext2D, find: ShareCardFind, [art, seal]: CanvasImageSource[]) {
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

  if (art) context.drawImage(art, centre - SHARE_CARD_ART_SIZE / 2, ART_TOP, SHARE_CARD_ART_SIZE, SHARE_CARD_ART_SIZE)
  // The set's seal pinned to the art's lower right, the way a stamp sits on a certificate.
  if (seal) context.drawImage(seal, centre + 95, ART_TOP + 215, SHARE_CARD_SEAL_SIZE, SHARE_CARD_SEAL_SIZE)

  context.textAlign = 'center'
  context.textBaseline = 'middle'
  context.fillStyle = '#ffffff'
  context.font = 'bold 56px system-ui, sans-serif'
  context.fillText(find.words.name, centre, 470)

  context.fillStyle = '#c9d1d9'
  context.font = '28px system-ui, sans-serif'
  const lines = wrap(context, find.words.description, TEXT_WIDTH).slice(0, find.seal ? 1 : 2)
  lines.forEach((line, index) => {
    context.fillText(line, centre, 522 + index * 36)
  })

  context.fillStyle = rarity.glow
  context.font = 'bold 30px system-ui, sans-serif'
  context.fillText(`×${find.count} · ${find.words.date}`, centre, 610)

  if (find.seal) {
    // The seal's line takes the description's second line: a complete set says so in words too.
    context.fillStyle = '#ffd45c'
    context.font = 'bold 28px system-ui, sans-serif'
    context.fillText(find.seal, centre, 566)
  }

  if (find.words.finder) {
    context.fillStyle = '#c9d1d9'
    context.font = '26px system-ui, sans-serif'
    context.fillText(find.words.finder, centre, 652)
  }
  context.fillStyle = '#8b949e'
  context.font = 'bold 30px system-ui, sans-serif'
  context.fillText('WorldMap', centre, find.words.finder ? 692 : 675)
}
