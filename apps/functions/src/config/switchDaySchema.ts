import * as z from 'zod'

/**
 * `WORLDMAP_DATABASE_SWITCH_DAY`, `YYYY-MM-DD`: the database table switch
 * takes effect at that day's 00:00 UTC (ms since the epoch). The one schema
 * of the functions' configuration and the migration tool (`pnpm db:migrate`),
 * so both read the same day.
 *
 * @example
 * ```ts
 * switchDaySchema.parse('2026-12-07') // Date.UTC(2026, 11, 7)
 * ```
 */
export const switchDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day, YYYY-MM-DD (00:00 UTC)')
  .transform((day) => ({ day, at: Date.parse(`${day}T00:00:00Z`) }))
  // Date.parse rolls an impossible day over (2026-02-30 is March 2): only a day that reads back is one.
  .refine(({ day, at }) => Number.isFinite(at) && new Date(at).toISOString().slice(0, 10) === day, 'not a calendar day')
  .transform(({ at }) => at)
  // The switched router's range: a later day is no switch anyone means.
  .refine((at) => at >= 0 && at <= Date.UTC(9999, 0, 1), 'a day from 1970-01-01 to 9999-01-01')
