// `pnpm db:migrate` — the database table switch, from the operator's side
// (docs/scale.md, "Changing the table"). A dry run by default: it reads the
// current and next tables from the environment (the same variables the
// functions read, plus the NEXT ones and the switch day), counts what the
// switch moves on the live data, and writes nothing. `--run` moves the players,
// only once the switch's grace has passed; running it again resumes and moves
// nobody twice. `--clean`, once the switch is over (the next table promoted,
// the switch variables removed), deletes the move records it left. Exit codes:
// 0 done (or planned), 1 a player is still held or failed, or a move record
// disagrees with the table (run again / fix the table), 2 bad configuration or
// too early.
import { parseArgs } from 'node:util'
import {
  createDatabaseRouter,
  createSwitchedRouter,
  type DatabaseRouter,
  instanceListSchema,
  regionTableSchema,
  type SwitchedRouter,
} from '@worldmap/game'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import type { Database } from 'firebase-admin/database'
import { z } from 'zod'
import { switchDaySchema } from '../config/switchDaySchema.js'
import { ConfigError } from '../errors/ConfigError.js'
import { openAdminDatabase } from '../firebase/openAdminDatabase.js'
import { cleanMoves } from './cleanMoves.js'
import { MigrationTooEarlyError } from './MigrationTooEarlyError.js'
import { planMigration, runMigration } from './migrateDatabases.js'

const urlSchema = instanceListSchema.refine((urls) => urls.length === 1, 'exactly one URL')

const tableEnv = {
  WORLDMAP_DATABASE_MAIN: urlSchema,
  WORLDMAP_DATABASE_REGIONS: regionTableSchema.optional(),
  WORLDMAP_DATABASE_PLAYERS: instanceListSchema.optional(),
  WORLDMAP_DATABASE_LEADERBOARDS: instanceListSchema.optional(),
}
const envSchema = z.object({
  ...tableEnv,
  WORLDMAP_DATABASE_NEXT_REGIONS: regionTableSchema.optional(),
  WORLDMAP_DATABASE_NEXT_PLAYERS: instanceListSchema.optional(),
  WORLDMAP_DATABASE_NEXT_LEADERBOARDS: instanceListSchema.optional(),
  WORLDMAP_DATABASE_SWITCH_DAY: switchDaySchema,
})
// While a switch is live the move records are what make a function's late move a no-op: --clean needs it over.
const over = z.string().max(0, 'still set: promote the next table and remove the switch (and deploy) before --clean')
const cleanEnvSchema = z.object({
  ...tableEnv,
  WORLDMAP_DATABASE_NEXT_REGIONS: over,
  WORLDMAP_DATABASE_NEXT_PLAYERS: over,
  WORLDMAP_DATABASE_NEXT_LEADERBOARDS: over,
  WORLDMAP_DATABASE_SWITCH_DAY: over,
})

/** The environment read by `schema`, or `null` after logging what is wrong (names only, never values). */
function readEnv<schema extends z.ZodObject>(
  schema: schema,
  env: Record<string, string | undefined>,
  log: (line: string) => void,
): z.output<schema> | null {
  // An empty variable is an empty table, as the functions read it.
  const parsed = schema.safeParse(Object.fromEntries(Object.keys(schema.shape).map((name) => [name, env[name] ?? ''])))
  if (parsed.success) return parsed.data
  log(new ConfigError(parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), reason: issue.message }))).message)
  return null
}

/** The table the functions route by, from the variables every mode reads. */
function currentTable(config: z.output<typeof cleanEnvSchema> | z.output<typeof envSchema>) {
  return {
    regions: config.WORLDMAP_DATABASE_REGIONS ?? {},
    players: config.WORLDMAP_DATABASE_PLAYERS ?? [],
    leaderboards: config.WORLDMAP_DATABASE_LEADERBOARDS ?? [],
  }
}

/**
 * Run the tool with `argv` and `env`; resolves the exit code. Output goes to `log`.
 *
 * @example
 * ```ts
 * process.exitCode = await migrateCli(process.argv.slice(2), process.env, console.log)
 * ```
 */
export async function migrateCli(
  argv: string[],
  env: Record<string, string | undefined>,
  log: (line: string) => void,
  now: () => number = Date.now,
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      run: { type: 'boolean', default: false },
      clean: { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '16' },
    },
  })
  if (values.run && values.clean) {
    log('--run and --clean are two steps of the switch: one at a time (see docs/migration.md).')
    return 2
  }
  const config = values.clean ? readEnv(cleanEnvSchema, env, log) : readEnv(envSchema, env, log)
  if (config === null) return 2
  const main = config.WORLDMAP_DATABASE_MAIN[0] as string
  const app = initializeApp({ databaseURL: main }, `migrate-${process.pid}-${now()}`)
  const handles = new Map<string, Database>()
  const open = (url: string) => {
    const handle = handles.get(url) ?? openAdminDatabase(app, url)
    handles.set(url, handle)
    return handle
  }
  try {
    if (values.clean) return await clean(createDatabaseRouter(main, currentTable(config)), open, log)
    const switched = config as z.output<typeof envSchema>
    const router = createSwitchedRouter(main, currentTable(switched), {
      at: switched.WORLDMAP_DATABASE_SWITCH_DAY,
      next: {
        regions: switched.WORLDMAP_DATABASE_NEXT_REGIONS ?? {},
        players: switched.WORLDMAP_DATABASE_NEXT_PLAYERS ?? [],
        leaderboards: switched.WORLDMAP_DATABASE_NEXT_LEADERBOARDS ?? [],
      },
    })
    return values.run ? await run(router, open, log, now(), Number(values.concurrency) || 16) : await dryRun(router, open, log)
  } catch (error) {
    if (!(error instanceof MigrationTooEarlyError)) throw error
    log(`${error.message} ${error.details ?? ''}`.trim())
    return 2
  } finally {
    await deleteApp(app)
  }
}

type Open = (url: string) => Database
type Log = (line: string) => void

/** The dry run: the plan, counted on the live data; nothing written. */
async function dryRun(router: SwitchedRouter, open: Open, log: Log): Promise<number> {
  const { plan } = await planMigration({ router, open })
  log(`dry run — nothing written. The switch: ${plan.switchAt}; players move from ${plan.playersMoveAt}.`)
  for (const region of plan.regions)
    log(`region ${region.prefix}: ${region.from} → ${region.to} (new windows only; nothing copied)`)
  log(`leaderboards: week ${plan.leaderboards.fromWeek} on ${plan.leaderboards.instances.join(', ')}`)
  for (const move of plan.moves) log(`players: ${move.players} move ${move.from} → ${move.to}`)
  log(`players staying: ${plan.staying}`)
  return 0
}

/** `--run`: move the players; 1 while one is held or failed. */
async function run(router: SwitchedRouter, open: Open, log: Log, now: number, concurrency: number): Promise<number> {
  const report = await runMigration({ router, open }, now, { concurrency })
  log(
    `moved ${report.moved} players (${report.records} records, ${report.bytes} bytes); already there ${report.arrived}; ` +
      `still held ${report.busy.length}; failed ${report.failed.length}`,
  )
  for (const { uid, message } of report.failed) log(`failed ${uid}: ${message}`)
  return report.busy.length + report.failed.length === 0 ? 0 : 1
}

/** `--clean`: delete the move records the table agrees with; 1 while one disagrees (listed, kept). */
async function clean(router: DatabaseRouter, open: Open, log: Log): Promise<number> {
  const { deleted, kept } = await cleanMoves(router, open)
  log(`deleted ${deleted} move records; kept ${kept.length}`)
  for (const { instance, uid, reason } of kept.slice(0, 50)) log(`kept ${uid} on ${instance}: ${reason}`)
  if (kept.length > 50) log(`… and ${kept.length - 50} more`)
  return kept.length === 0 ? 0 : 1
}
