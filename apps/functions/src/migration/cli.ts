// `pnpm db:migrate` — the database table switch, from the operator's side
// (docs/scale.md, "Changing the table"). A dry run by default: it reads the
// current and next tables from the environment (the same variables the
// functions read, plus the NEXT ones and the switch day), counts what the
// switch moves on the live data, and writes nothing. `--run` moves the players,
// only once the switch's grace has passed; running it again resumes and moves
// nobody twice. Exit codes: 0 done (or planned), 1 a player is still held or
// failed (run again), 2 bad configuration or too early.
import { parseArgs } from 'node:util'
import { createSwitchedRouter, instanceListSchema, regionTableSchema } from '@worldmap/game'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import type { Database } from 'firebase-admin/database'
import { z } from 'zod'
import { switchDaySchema } from '../config/switchDaySchema.js'
import { ConfigError } from '../errors/ConfigError.js'
import { openAdminDatabase } from '../firebase/openAdminDatabase.js'
import { MigrationTooEarlyError } from './MigrationTooEarlyError.js'
import { planMigration, runMigration } from './migrateDatabases.js'

const urlSchema = instanceListSchema.refine((urls) => urls.length === 1, 'exactly one URL')

const envSchema = z.object({
  WORLDMAP_DATABASE_MAIN: urlSchema,
  WORLDMAP_DATABASE_REGIONS: regionTableSchema.optional(),
  WORLDMAP_DATABASE_PLAYERS: instanceListSchema.optional(),
  WORLDMAP_DATABASE_LEADERBOARDS: instanceListSchema.optional(),
  WORLDMAP_DATABASE_NEXT_REGIONS: regionTableSchema.optional(),
  WORLDMAP_DATABASE_NEXT_PLAYERS: instanceListSchema.optional(),
  WORLDMAP_DATABASE_NEXT_LEADERBOARDS: instanceListSchema.optional(),
  WORLDMAP_DATABASE_SWITCH_DAY: switchDaySchema,
})

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
    options: { run: { type: 'boolean', default: false }, concurrency: { type: 'string', default: '16' } },
  })
  // An empty variable is an empty table, as the functions read it.
  const parsed = envSchema.safeParse(Object.fromEntries(Object.keys(envSchema.shape).map((name) => [name, env[name] ?? ''])))
  if (!parsed.success) {
    const error = new ConfigError(
      parsed.error.issues.map((issue) => ({ variable: String(issue.path[0]), reason: issue.message })),
    )
    log(error.message)
    return 2
  }
  const config = parsed.data
  const main = config.WORLDMAP_DATABASE_MAIN[0] as string
  const router = createSwitchedRouter(
    main,
    {
      regions: config.WORLDMAP_DATABASE_REGIONS ?? {},
      players: config.WORLDMAP_DATABASE_PLAYERS ?? [],
      leaderboards: config.WORLDMAP_DATABASE_LEADERBOARDS ?? [],
    },
    {
      at: config.WORLDMAP_DATABASE_SWITCH_DAY,
      next: {
        regions: config.WORLDMAP_DATABASE_NEXT_REGIONS ?? {},
        players: config.WORLDMAP_DATABASE_NEXT_PLAYERS ?? [],
        leaderboards: config.WORLDMAP_DATABASE_NEXT_LEADERBOARDS ?? [],
      },
    },
  )
  const app = initializeApp({ databaseURL: main }, `migrate-${process.pid}-${now()}`)
  const handles = new Map<string, Database>()
  const open = (url: string) => {
    const handle = handles.get(url) ?? openAdminDatabase(app, url)
    handles.set(url, handle)
    return handle
  }
  try {
    if (!values.run) {
      const { plan } = await planMigration({ router, open })
      log(`dry run — nothing written. The switch: ${plan.switchAt}; players move from ${plan.playersMoveAt}.`)
      for (const region of plan.regions)
        log(`region ${region.prefix}: ${region.from} → ${region.to} (new windows only; nothing copied)`)
      log(`leaderboards: week ${plan.leaderboards.fromWeek} on ${plan.leaderboards.instances.join(', ')}`)
      for (const move of plan.moves) log(`players: ${move.players} move ${move.from} → ${move.to}`)
      log(`players staying: ${plan.staying}`)
      return 0
    }
    const report = await runMigration({ router, open }, now(), { concurrency: Number(values.concurrency) || 16 })
    log(
      `moved ${report.moved} players (${report.records} records, ${report.bytes} bytes); already there ${report.arrived}; ` +
        `still held ${report.busy.length}; failed ${report.failed.length}`,
    )
    for (const { uid, message } of report.failed) log(`failed ${uid}: ${message}`)
    return report.busy.length + report.failed.length === 0 ? 0 : 1
  } catch (error) {
    if (!(error instanceof MigrationTooEarlyError)) throw error
    log(`${error.message} ${error.details ?? ''}`.trim())
    return 2
  } finally {
    await deleteApp(app)
  }
}
