import * as z from 'zod'
import { instanceListMiniSchema } from './databaseRouter.js'
import { regionTableMiniSchema } from './regionRouter.js'

/**
 * The region table ({@link regionTableMiniSchema}: comma-separated
 * `prefix=url` pairs, `WORLDMAP_DATABASE_REGIONS` / `PUBLIC_ENV__DATABASE_REGIONS`)
 * as a classic zod schema, for callers built on classic zod (the functions'
 * configuration). One set of rules: this delegates to the zod/mini schema,
 * which the app uses to keep classic zod out of its first load; its own module,
 * so importing the router never brings classic zod along.
 *
 * @example
 * ```ts
 * regionTableSchema.parse('w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1') // { w21: 'http://127.0.0.1:9177/?ns=demo-worldmap-r1' }
 * ```
 */
export const regionTableSchema = z.string().transform((value, context): Readonly<Record<string, string>> => {
  const parsed = regionTableMiniSchema.safeParse(value)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  return z.NEVER
})

/**
 * A list of instance URLs ({@link instanceListMiniSchema}: `WORLDMAP_DATABASE_PLAYERS`,
 * `WORLDMAP_DATABASE_LEADERBOARDS`) as a classic zod schema, for the functions'
 * configuration; the same rules, delegated.
 *
 * @example
 * ```ts
 * instanceListSchema.parse('http://127.0.0.1:9177/?ns=demo-worldmap-p1') // ['http://127.0.0.1:9177/?ns=demo-worldmap-p1']
 * ```
 */
export const instanceListSchema = z.string().transform((value, context): readonly string[] => {
  const parsed = instanceListMiniSchema.safeParse(value)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', message: issue.message, path: issue.path })
  return z.NEVER
})
