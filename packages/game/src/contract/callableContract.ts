import type * as z from 'zod/mini'
import type { RefusalCode } from './refusals.js'

/**
 * One row of the app–backend contract: a callable's name, what it reads,
 * what it answers, and the refusals it can send (codes only: how each
 * travels is `REFUSALS`'s, and the words a player reads for it are the
 * app's, in its catalogues).
 */
export interface CallableContract {
  /** The callable's exported name (`onCall` in apps/functions/src/index.ts). */
  name: string
  /** What the callable reads from `request.data`. */
  request: z.ZodMiniType
  /** What it resolves with (as the app reads it). */
  reply: z.ZodMiniType
  /**
   * The `details.code`s it can refuse with, likeliest first: an answer with
   * only a callable code (an older server, a proxy) reads as the first one
   * listed that travels as it.
   */
  refusals: readonly RefusalCode[]
}

/** A row's refusal codes. */
export type RefusalOf<row extends CallableContract> = row['refusals'][number]

/**
 * What the server sends: the reply as the app reads it, with every field
 * present. The app's reading tolerates an older server that leaves optional
 * fields out; the server itself always sends them.
 */
export type Sent<reply> = { [key in keyof reply]-?: Exclude<reply[key], undefined> }
