import type * as z from 'zod/mini'
import type { RefusalCode } from './refusals.js'

/**
 * One row of the app–backend contract: a callable's name, what it reads,
 * what it answers, and the refusals it can send, each with the key of the
 * plain words the app shows for it (`null`: the app shows no words of its
 * own for it, see the row).
 */
export interface CallableContract {
  /** The callable's exported name (`onCall` in apps/functions/src/index.ts). */
  name: string
  /** What the callable reads from `request.data`. */
  request: z.ZodMiniType
  /** What it resolves with (as the app reads it). */
  reply: z.ZodMiniType
  /** `details.code` → the key of the app's words for it. */
  refusals: Partial<Record<RefusalCode, string | null>>
}

/** A row's refusal codes. */
export type RefusalOf<row extends CallableContract> = keyof row['refusals'] & RefusalCode

/**
 * What the server sends: the reply as the app reads it, with every field
 * present. The app's reading tolerates an older server that leaves optional
 * fields out; the server itself always sends them.
 */
export type Sent<reply> = { [key in keyof reply]-?: Exclude<reply[key], undefined> }
