import * as z from 'zod'
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
