import { z } from 'zod'

/** A counter as stored: `n` uses so far in window `window`. */
export interface WindowCount {
  window: number
  n: number
}

/** The result of {@link countInWindow}: the node to store, and whether the use was allowed. */
export interface CountInWindowResult {
  next: WindowCount
  allowed: boolean
}

const windowCountSchema = z.object({ window: z.number().int(), n: z.number().int().nonnegative() })

/**
 * Count one use against a fixed-window limit of `cap` uses. The counter is a
 * single `{window, n}` node: a node from an older window (or a missing or
 * malformed one) starts from zero, so the node is overwritten per window and
 * never grows, and nothing needs purging. A refused use leaves the counter as
 * it was. A node from a later window (a server with a clock behind) is kept
 * and counts against, never reset.
 *
 * @example
 * ```ts
 * const { next, allowed } = countInWindow(stored, Math.floor(now / CROWD_LIMITS.windowMs), 20)
 * if (!allowed) throw new AreaAsleepError({ retryAfterMs })
 * ```
 */
export function countInWindow(stored: unknown, window: number, cap: number): CountInWindowResult {
  const parsed = windowCountSchema.safeParse(stored)
  const current = parsed.success && parsed.data.window >= window ? parsed.data : { window, n: 0 }
  if (current.n >= cap) return { next: current, allowed: false }
  return { next: { window: current.window, n: current.n + 1 }, allowed: true }
}
