import { z } from 'zod'
import { dropSchema } from '../game/dropSchema.js'

/**
 * A drop as stored at `/drops/{dropId}`: the drop without its `id` (the key)
 * plus the claim, `collectedBy`/`collectedAt`, set once by `collectDrop`.
 *
 * @example
 * ```ts
 * const stored = storedDropSchema.parse(snapshot.val())
 * if (stored.collectedBy) console.log('taken')
 * ```
 */
export const storedDropSchema = dropSchema.omit({ id: true }).extend({
  collectedBy: z.string().min(1).optional(),
  collectedAt: z.number().optional(),
})

/** One of {@link storedDropSchema}. */
export type StoredDrop = z.infer<typeof storedDropSchema>
