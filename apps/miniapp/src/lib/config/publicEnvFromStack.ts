import * as z from 'zod/mini'

const stackSchema = z.object({
  urls: z.object({
    auth: z.url(),
    functions: z.url(),
    database: z.url(),
    customToken: z.url(),
    chain: z.url(),
    /** The send-notification stand-in; stacks older than issue 24 have none. */
    notifications: z.optional(z.url()),
  }),
  /** The stack's region table (`w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1`); absent or '' when all is on main. */
  databaseRegions: z.optional(z.string()),
  /** The stack's player instances (`http://127.0.0.1:9178/?ns=demo-worldmap-r2`); absent or '' when players are on main. */
  databasePlayers: z.optional(z.string()),
})

/**
 * Map the local stack a parent process started (`WORLDMAP_STACK`, set by
 * `tooling/stack`'s `startStack()`) to the client's `PUBLIC_ENV__*`
 * variables, so `pnpm dev` and the end-to-end tests reach whatever ports the
 * stack chose, and read drops from the database instances the stack's
 * functions write them to (`PUBLIC_ENV__DATABASE_REGIONS`) and each player's
 * records from the player instances (`PUBLIC_ENV__DATABASE_PLAYERS`). Variables already in `env` win. No stack → `{}`. The stack
 * serves no map style: `PUBLIC_ENV__MAP_STYLE_URL` stays unset (the offline
 * style, no request) unless the developer sets it.
 *
 * @example
 * ```ts
 * // vite.config.ts: Vite reads prefixed variables from process.env
 * Object.assign(process.env, publicEnvFromStack(process.env))
 * ```
 */
export function publicEnvFromStack(env: Record<string, string | undefined>): Record<string, string> {
  const stack = readStack(env)
  if (!stack) return {}
  const { urls, databaseRegions, databasePlayers } = stack
  const mapped: Record<string, string> = {
    PUBLIC_ENV__AUTH_EMULATOR_URL: urls.auth,
    PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: urls.functions,
    PUBLIC_ENV__DATABASE_EMULATOR_URL: urls.database,
    PUBLIC_ENV__CUSTOM_TOKEN_URL: urls.customToken,
    PUBLIC_ENV__WORLDCHAIN_RPC_URL: urls.chain,
    ...(databaseRegions ? { PUBLIC_ENV__DATABASE_REGIONS: databaseRegions } : {}),
    ...(databasePlayers ? { PUBLIC_ENV__DATABASE_PLAYERS: databasePlayers } : {}),
  }
  return Object.fromEntries(Object.entries(mapped).filter(([key]) => env[key] === undefined))
}

/**
 * The local stack's send-notification stand-in (`WORLDMAP_STACK`'s
 * `urls.notifications`), for the simulator to show what the functions sent;
 * `undefined` without a stack (or `WORLDMAP_STACK=''`) or with an older one.
 *
 * @throws {Error} when `WORLDMAP_STACK` is set but is not what `startStack()` writes.
 *
 * @example
 * ```ts
 * worldAppSimulator(options, { notificationsUrl: notificationsUrlFromStack(process.env) })
 * ```
 */
export function notificationsUrlFromStack(env: Record<string, string | undefined>): string | undefined {
  return readStack(env)?.urls.notifications
}

// An empty WORLDMAP_STACK means "no stack" (tests clear it that way), not bad JSON.
function readStack(env: Record<string, string | undefined>): z.infer<typeof stackSchema> | null {
  if (!env.WORLDMAP_STACK) return null
  let json: unknown
  try {
    json = JSON.parse(env.WORLDMAP_STACK)
  } catch {
    throw new Error('WORLDMAP_STACK is not valid JSON (expected what startStack() sets)')
  }
  const parsed = stackSchema.safeParse(json)
  if (!parsed.success) throw new Error('WORLDMAP_STACK lacks urls.{auth,functions,database,customToken,chain}')
  return parsed.data
}
