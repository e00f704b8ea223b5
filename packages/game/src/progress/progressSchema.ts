import * as z from 'zod/mini'

const count = z.int().check(z.gte(0))

/**
 * A player's daily progress at `/profiles/{uid}/progress`, written only by
 * the functions (`recordFind`) and readable by its owner.
 *
 * - `timeZone`: the IANA zone the player's days are counted in (canonical);
 * - `day`: the local date (`YYYY-MM-DD`) of the last find, in that zone;
 * - `today`: finds on `day`; `streak`: consecutive local days with a find,
 *   ending at `day`; `best`: the longest streak ever;
 * - `updatedAt`: the time of the last find counted, ms;
 * - `timeZoneSince`: when `timeZone` was adopted, ms (a zone changes at most
 *   once a day; see `recordFind`).
 *
 * @example
 * ```ts
 * const progress = progressSchema.safeParse(snapshot.val())
 * ```
 */
export const progressSchema = z.object({
  timeZone: z.string().check(z.minLength(1), z.maxLength(64)),
  day: z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/)),
  today: count,
  streak: count,
  best: count,
  updatedAt: z.number(),
  timeZoneSince: z.optional(z.number()),
})

/** One of {@link progressSchema}. */
export type Progress = z.infer<typeof progressSchema>
