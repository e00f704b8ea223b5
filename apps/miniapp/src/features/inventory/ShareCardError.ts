/** Stable codes of {@link ShareCardError}. */
export type ShareCardErrorCode = 'canvas_unavailable' | 'encoding_failed'

const messages: Record<ShareCardErrorCode, string> = {
  canvas_unavailable: 'This device cannot draw the share image.',
  encoding_failed: 'The share image could not be created.',
}

/**
 * The share image card could not be drawn (no 2D canvas) or encoded as PNG.
 * `code` is stable; `message` is the text the inventory shows.
 *
 * @example
 * ```ts
 * throw new ShareCardError('canvas_unavailable')
 * ```
 */
export class ShareCardError extends Error {
  override name = 'ShareCardError'
  readonly code: ShareCardErrorCode
  constructor(code: ShareCardErrorCode, options?: { cause?: unknown }) {
    super(messages[code], options)
    this.code = code
  }
}
