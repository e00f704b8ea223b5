// The stack's database instances and region table: how many instances, which geohash prefixes each
// region instance holds, and the table text the functions and the app read (issue 22: sharding by
// region, docs/scale.md).

import { pathToFileURL } from 'node:url'

/** @import { StackPorts } from './ports.mjs' */
import { StackStartError } from './errors.mjs'
import { databasePort, PORTS, REGION_DATABASE_OFFSET } from './ports.mjs'
import { PROJECT_ID, requireFromFunctions } from './project.mjs'

/** Database instances a stack may run: the main one and at most 7 more (regions, players, leaderboards). */
export const MAX_DATABASES = 8

/** Database instances the dev and test stacks run: main, Singapore's region, and the players' and leaderboard's. */
export const DEFAULT_DATABASES = 3

/** The default stack's regions: Singapore (`w21`, where most tests and `pnpm dev` play) on region instance 1. */
export const DEFAULT_REGIONS = Object.freeze({ w21: 1 })

/**
 * The namespace of database instance `index` (0: main, `demo-worldmap`; i ≥ 1: `demo-worldmap-r{i}`).
 *
 * @param {number} index
 */
export function databaseNamespace(index) {
  return index === 0 ? PROJECT_ID : `${PROJECT_ID}-r${index}`
}

/**
 * Resolve the stack's ports, database count and tables from its options,
 * refusing what the stack could not run (a typed {@link StackStartError}
 * with `code: 'invalid_option'`). `databases` defaults to
 * {@link DEFAULT_DATABASES}, `regions` to {@link DEFAULT_REGIONS} when there
 * is a second instance, `{}` otherwise. `players` and `leaderboards` name the
 * instances holding player records and leaderboard counter shards; by
 * default the instances no region names take them in turn (the first both
 * when it is alone), and with none left they stay on main. The tables' text
 * is what the functions read as `WORLDMAP_DATABASE_REGIONS`,
 * `WORLDMAP_DATABASE_PLAYERS`, `WORLDMAP_DATABASE_LEADERBOARDS` and the app
 * as `PUBLIC_ENV__DATABASE_REGIONS`, `PUBLIC_ENV__DATABASE_PLAYERS`.
 *
 * @param {{ name?: string, ports?: Partial<StackPorts>, databases?: number, regions?: Record<string, number>,
 *   players?: number[], leaderboards?: number[] }} [options]
 * @returns {{ ports: StackPorts, databases: number, regions: Record<string, number>, databaseUrls: string[],
 *   regionTable: string, players: number[], leaderboards: number[], playerTable: string, leaderboardTable: string }}
 * @example
 * resolveDatabases({ name: 'test' })
 * // { databases: 3, regions: { w21: 1 }, regionTable: 'w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1',
 * //   players: [2], leaderboards: [2], playerTable: 'http://127.0.0.1:9178/?ns=demo-worldmap-r2', …, ports }
 */
export function resolveDatabases(options = {}) {
  const base = PORTS[/** @type {keyof typeof PORTS} */ (options.name ?? 'dev')] ?? PORTS.dev
  const given = options.ports ?? {}
  /** @type {StackPorts} */
  const ports = {
    ...base,
    ...(given.database !== undefined ? { regionDatabase: given.database + REGION_DATABASE_OFFSET } : {}),
    ...(given.chain !== undefined ? { notifications: given.chain + 10 } : {}),
    ...given,
  }
  const databases = options.databases ?? DEFAULT_DATABASES
  if (!Number.isInteger(databases) || databases < 1 || databases > MAX_DATABASES) {
    throw invalid(`databases must be a whole number from 1 to ${MAX_DATABASES} (the main instance and up to 7 more).`)
  }
  const regions = options.regions ?? (databases >= 2 ? { ...DEFAULT_REGIONS } : {})
  checkRegions(regions, databases)
  const databaseUrls = Array.from(
    { length: databases },
    (_, index) => `http://127.0.0.1:${databasePort(ports, index)}/?ns=${databaseNamespace(index)}`,
  )
  const regionTable = Object.entries(regions)
    .map(([prefix, index]) => `${prefix}=${databaseUrls[index]}`)
    .join(',')
  const roles = rolesOf(options, regions, databases)
  const tableOf = (/** @type {number[]} */ indexes) => indexes.map((index) => databaseUrls[index]).join(',')
  return {
    ports,
    databases,
    regions,
    databaseUrls,
    regionTable,
    ...roles,
    playerTable: tableOf(roles.players),
    leaderboardTable: tableOf(roles.leaderboards),
  }
}

/**
 * The player and leaderboard instances: as given (checked), or the instances no region names, in turn.
 *
 * @param {{ players?: unknown, leaderboards?: unknown }} options
 * @param {Record<string, number>} regions
 * @param {number} databases
 * @returns {{ players: number[], leaderboards: number[] }}
 */
function rolesOf(options, regions, databases) {
  const named = new Set(Object.values(regions))
  const free = Array.from({ length: databases }, (_, index) => index).filter((index) => index > 0 && !named.has(index))
  const players = options.players ?? (free.length === 0 ? [] : free.filter((_, at) => at % 2 === 0))
  const leaderboards =
    options.leaderboards ?? (free.length === 0 ? [] : free.length === 1 ? [...free] : free.filter((_, at) => at % 2 === 1))
  for (const [role, indexes] of /** @type {const} */ ([
    ['players', players],
    ['leaderboards', leaderboards],
  ])) {
    const valid =
      Array.isArray(indexes) &&
      new Set(indexes).size === indexes.length &&
      indexes.every((index) => Number.isInteger(index) && index >= 1 && index < databases)
    if (!valid) {
      throw invalid(`${role} must list instances 1 to ${databases - 1}, each once (e.g. [2]); main holds what no list names.`)
    }
  }
  return { players: /** @type {number[]} */ (players), leaderboards: /** @type {number[]} */ (leaderboards) }
}

/** @param {string} message */
function invalid(message) {
  return new StackStartError(message, { code: 'invalid_option', piece: 'database' })
}

/**
 * Refuse a region option the stack could not run: not an object, a prefix that is no geohash, an instance it lacks.
 *
 * @param {unknown} regions
 * @param {number} databases
 */
function checkRegions(regions, databases) {
  if (typeof regions !== 'object' || regions === null || Array.isArray(regions)) {
    throw invalid('regions must be an object of geohash prefix → region instance number, e.g. { w21: 1 }.')
  }
  for (const [prefix, index] of Object.entries(regions)) {
    if (!/^[0-9b-hjkmnp-z]{1,6}$/.test(prefix)) {
      throw invalid(`regions: ${JSON.stringify(prefix)} is not a region prefix (1–6 geohash characters, e.g. w21).`)
    }
    if (!Number.isInteger(index) || index < 1 || index > databases - 1) {
      throw invalid(
        databases === 1
          ? `regions: ${prefix} names region instance ${index}, but the stack runs only the main database (databases: 1).`
          : `regions: ${prefix} names region instance ${index}; this stack has region instances 1 to ${databases - 1}.`,
      )
    }
  }
}

/**
 * The regions a table sends to one instance, for the log (`w21`, or `none` when the table names it nowhere).
 *
 * @param {string} table
 * @param {string} url
 */
export function regionsOf(table, url) {
  const prefixes = table
    .split(',')
    .filter((entry) => entry.slice(entry.indexOf('=') + 1) === url)
    .map((entry) => entry.slice(0, entry.indexOf('=')))
  return prefixes.length > 0 ? prefixes.join(', ') : 'no region yet'
}

/**
 * Parse the table with the schema the functions and the app parse it with, so a table
 * they would refuse stops the stack here, with the reason, not inside the emulator.
 *
 * @param {string} table
 */
export async function checkRegionTable(table) {
  const game = await import(pathToFileURL(requireFromFunctions.resolve('@worldmap/game')).href)
  const parsed = game.regionTableSchema.safeParse(table)
  if (!parsed.success) {
    throw new StackStartError(`The region table ${JSON.stringify(table)} is invalid: ${parsed.error.issues[0]?.message}.`, {
      code: 'invalid_option',
      piece: 'database',
    })
  }
}
