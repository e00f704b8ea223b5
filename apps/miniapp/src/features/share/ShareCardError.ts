import { CodedError, type CodedErrorOptions } from '../../lib/errors/CodedError.js'

/** Stable codes of {@link ShareCardError}. */
export type ShareCardErrorCode = 'canvas_unavailable' | 'art_unavailable' | 'encoding_failed'

// Plain words: the detail shows them as they are.
const messages: Record<ShareCardErrorCode, string> = {
  canvas_unavailable: 'This device cannot draw the share picture.',
  art_unavailable: 'The item’s picture could not be drawn. Please try again.',
  encoding_failed: 'The share picture could not be created. Please try again.',
}

/**
 * The share image card could not be drawn (no 2D canvas, the item's art
 * would not load) or encoded as PNG. `code` is stable; `message` is the
 * text the inventory shows.
 *
 * @example
 * ```ts
 * throw new ShareCardError('canvas_unavailable')
 * ```
 */
export class ShareCardError extends CodedError<ShareCardErrorCode> {
  override name = 'ShareCardError'

  constructor(code: ShareCardErrorCode, options?: CodedErrorOptions) {
    super(code, messages, options)
  }
}
