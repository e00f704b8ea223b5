#!/usr/bin/env node
// `pnpm run deploy --project <id> [--dry-run]` (`pnpm deploy` is pnpm's own
// command): check the whole production configuration, build, and run
// `firebase deploy` with the repository's firebase.json. See docs/deploy.md.
//
// 1. Loads the env files as the builds and firebase-tools will:
//    apps/miniapp/.env, .env.local, .env.production, .env.production.local
//    (Vite's order; PUBLIC_ENV__* from the shell win) for the client build,
//    apps/functions/.env and .env.<project> for the functions and the app
//    server (firebase.json's configDir; the two secrets live in Secret Manager).
// 2. Builds the libraries its checks read (buildFirst.mjs: turbo, cached), then
//    reports every problem at once — names and reasons, never values — and
//    stops: the client's, the app server's and the functions' own production
//    rules (checkClientEnv, checkServerEnv, checkFunctionsEnv), plus what
//    only a deploy knows: no loopback, emulator or demo value anywhere, the
//    client built for the project being deployed, and one app id, verify
//    action, region table and player table on both sides.
// 3. Builds: the workspace (turbo), then the app, the functions and the
//    server-rendered app's function afresh (a turbo cache entry could hold a
//    build made with other PUBLIC_ENV__ values).
// 4. `firebase deploy --project <id> --only hosting,functions,database`,
//    unless --dry-run.

import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { buildFirst } from './buildFirst.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** What `firebase deploy` ships: nothing else in firebase.json is touched. */
export const DEPLOY_TARGETS = 'hosting,functions,database'

/** The command line was wrong; the message says how to call it. */
export class DeployUsageError extends Error {
  /** @override */
  name = 'DeployUsageError'
}

const USAGE = 'usage: pnpm run deploy --project <firebase-project-id> [--dry-run]'

/**
 * @param {string[]} argv  the arguments after the script
 * @returns {{ project: string, dryRun: boolean }}
 * @throws {DeployUsageError}
 * @example
 * parseDeployArgs(['--project', 'worldmap-prod', '--dry-run']) // { project: 'worldmap-prod', dryRun: true }
 */
export function parseDeployArgs(argv) {
  let values
  try {
    // pnpm passes the `--` of `pnpm run deploy -- …` through.
    ;({ values } = parseArgs({
      args: argv.filter((arg) => arg !== '--'),
      options: { project: { type: 'string', short: 'P' }, 'dry-run': { type: 'boolean', default: false } },
      strict: true,
    }))
  } catch (error) {
    throw new DeployUsageError(`${error instanceof Error ? error.message : error}\n${USAGE}`)
  }
  const project = values.project?.trim()
  if (!project) throw new DeployUsageError(`--project is required\n${USAGE}`)
  // Firebase project ids: 6–30 characters, lowercase letters, digits and hyphens, starting with a letter.
  if (!/^[a-z][a-z0-9-]{4,28}[a-z0-9]$/.test(project)) {
    throw new DeployUsageError(`--project is not a Firebase project id (6–30 of a-z, 0-9, -)\n${USAGE}`)
  }
  if (project.startsWith('demo-')) {
    throw new DeployUsageError(`--project: demo- projects exist only in the emulators and cannot be deployed to\n${USAGE}`)
  }
  return { project, dryRun: Boolean(values['dry-run']) }
}

/**
 * The variables of a dotenv file (`KEY=value`, `export KEY=value`, `#`
 * comments, single- or double-quoted values, `\n` in double quotes) — the
 * subset Vite and firebase-tools agree on.
 *
 * @param {string} text
 * @returns {Record<string, string>}
 */
export function parseEnvFile(text) {
  /** @type {Record<string, string>} */
  const env = {}
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim()
    if (!line || line.startsWith('#')) continue
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line)
    if (!match?.[1]) continue
    let value = match[2] ?? ''
    if (/^"(.*)"$/.test(value)) value = value.slice(1, -1).replace(/\\n/g, '\n').replace(/\\"/g, '"')
    else if (/^'(.*)'$/.test(value)) value = value.slice(1, -1)
    else value = value.replace(/\s+#.*$/, '').trim()
    env[match[1]] = value
  }
  return env
}

/** @param {string[]} files */
function readEnvFiles(files) {
  return Object.assign({}, ...files.filter((file) => existsSync(file)).map((file) => parseEnvFile(readFileSync(file, 'utf8'))))
}

/**
 * The environments a deploy of `project` builds and ships with, read as the
 * tools will read them, and the files they came from.
 *
 * @param {{ project: string, rootDir?: string, processEnv?: Record<string, string | undefined> }} options
 * @returns {{ clientEnv: Record<string, string>, functionsEnv: Record<string, string>, files: string[] }}
 */
export function loadDeployEnv({ project, rootDir = root, processEnv = process.env }) {
  const appDir = join(rootDir, 'apps/miniapp')
  const clientFiles = ['.env', '.env.local', '.env.production', '.env.production.local'].map((name) => join(appDir, name))
  const functionsFiles = ['.env', `.env.${project}`].map((name) => join(rootDir, 'apps/functions', name))
  const fromFiles = readEnvFiles(clientFiles)
  const fromShell = Object.fromEntries(
    Object.entries(processEnv).filter(
      /** @returns {entry is [string, string]} */ (entry) => entry[0].startsWith('PUBLIC_ENV__') && entry[1] !== undefined,
    ),
  )
  const clientEnv = Object.fromEntries(
    Object.entries({ ...fromFiles, ...fromShell }).filter(([key]) => key.startsWith('PUBLIC_ENV__')),
  )
  return {
    clientEnv,
    functionsEnv: readEnvFiles(functionsFiles),
    files: [...clientFiles, ...functionsFiles].filter((file) => existsSync(file)),
  }
}

/**
 * @typedef {{ variable: string, reason: string }} DeployProblem
 * @typedef {{
 *   checkClientEnv(env: Record<string, string | undefined>): DeployProblem[],
 *   checkServerEnv(env: Record<string, string | undefined>): DeployProblem[],
 *   checkFunctionsEnv(env: Record<string, string | undefined>): DeployProblem[],
 * }} ConfigChecks
 */

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0)$/i

/** @param {string} value */
function pointsAtThisMachine(value) {
  return value.split(',').some((part) => {
    const text = part.trim()
    if (!URL.canParse(text)) return /^(localhost|127\.|0\.0\.0\.0|\[::1\])/i.test(text)
    return LOOPBACK.test(new URL(text).hostname)
  })
}

/**
 * Every reason not to deploy this configuration, all at once (variable and
 * reason; never a value): each runtime's own production rules, then what
 * only the deploy knows.
 *
 * @param {{ project: string, clientEnv: Record<string, string>, functionsEnv: Record<string, string>, checks: ConfigChecks }} options
 * @returns {{ file: 'client' | 'functions', variable: string, reason: string }[]}
 * @example
 * const problems = findDeployProblems({ project: 'worldmap-prod', clientEnv, functionsEnv, checks })
 */
export function findDeployProblems({ project, clientEnv, functionsEnv, checks }) {
  /** @type {{ file: 'client' | 'functions', variable: string, reason: string }[]} */
  const problems = []
  const seen = new Set()
  /** @param {'client' | 'functions'} file @param {DeployProblem} problem */
  const add = (file, { variable, reason }) => {
    const key = `${file}:${variable}:${reason}`
    if (seen.has(key)) return
    seen.add(key)
    problems.push({ file, variable, reason })
  }
  for (const problem of checks.checkClientEnv(clientEnv)) add('client', problem)
  for (const problem of checks.checkServerEnv(functionsEnv)) add('functions', problem)
  for (const problem of checks.checkFunctionsEnv(functionsEnv)) add('functions', problem)

  // What the runtimes' own rules did not already report for a variable.
  /** @param {string} file @param {string} variable */
  const reported = (file, variable) => problems.some((problem) => problem.file === file && problem.variable === variable)
  for (const [file, env] of /** @type {const} */ ([
    ['client', clientEnv],
    ['functions', functionsEnv],
  ])) {
    for (const [variable, value] of Object.entries(env)) {
      if (!value || reported(file, variable)) continue
      if (/EMULATOR/.test(variable)) add(file, { variable, reason: 'is an emulator setting: a deploy must not set it' })
      else if (pointsAtThisMachine(value))
        add(file, { variable, reason: 'points at this machine (localhost), not at a deployed service' })
      else if (/(^|[^a-z])demo-/.test(value) && /PROJECT|DATABASE|DOMAIN|API_KEY/.test(variable))
        add(file, { variable, reason: 'names a demo- project, which exists only in the emulators' })
      else if (value === 'app_staging_worldmap') add(file, { variable, reason: 'is the local stack’s staging app id' })
    }
  }

  if (clientEnv.PUBLIC_ENV__FIREBASE_PROJECT_ID && clientEnv.PUBLIC_ENV__FIREBASE_PROJECT_ID !== project) {
    add('client', { variable: 'PUBLIC_ENV__FIREBASE_PROJECT_ID', reason: 'is not the project being deployed (--project)' })
  }
  for (const [client, server] of [
    ['PUBLIC_ENV__APP_ID', 'WORLDMAP_APP_ID'],
    ['PUBLIC_ENV__VERIFY_ACTION', 'WORLDMAP_VERIFY_ACTION'],
  ]) {
    const a = clientEnv[client]
    const b = functionsEnv[server]
    if (a && b && a !== b) add('client', { variable: client, reason: `differs from the functions' ${server}` })
  }
  for (const problem of tableDisagreements(clientEnv, functionsEnv))
    if (!reported('client', problem.variable) && !reported('functions', problem.server)) add('client', problem)
  return problems
}

/**
 * The database table as the app and the functions each have it, row by row:
 * the client variable, the functions' one, how two values are compared, and
 * what a difference would do. The next table and the switch day are rows
 * too: an app that switches on another day, or to another table, reads
 * where the functions do not write from that day on.
 *
 * @type {readonly (readonly [string, string, (value: string | undefined) => string, string])[]}
 */
const tableRows = [
  // A region table's entries sorted: two spellings of one table compare equal.
  ['PUBLIC_ENV__DATABASE_REGIONS', 'WORLDMAP_DATABASE_REGIONS', (value) => regionEntries(value).join(','), 'drops'],
  // The uid's hash picks among the instances whatever their order: the same set is the same table.
  [
    'PUBLIC_ENV__DATABASE_PLAYERS',
    'WORLDMAP_DATABASE_PLAYERS',
    (value) => instanceList(value).sort().join(','),
    "a player's records",
  ],
  [
    'PUBLIC_ENV__DATABASE_NEXT_REGIONS',
    'WORLDMAP_DATABASE_NEXT_REGIONS',
    (value) => regionEntries(value).join(','),
    'drops after the switch',
  ],
  [
    'PUBLIC_ENV__DATABASE_NEXT_PLAYERS',
    'WORLDMAP_DATABASE_NEXT_PLAYERS',
    (value) => instanceList(value).sort().join(','),
    "a player's records after the switch",
  ],
  [
    'PUBLIC_ENV__DATABASE_SWITCH_DAY',
    'WORLDMAP_DATABASE_SWITCH_DAY',
    (value) => (value ?? '').trim(),
    'records from the switch day on',
  ],
]

/**
 * Where the app's table (`PUBLIC_ENV__DATABASE_*`) differs from the functions'
 * (`WORLDMAP_DATABASE_*`): the app would listen where the functions never write.
 *
 * @param {Record<string, string>} clientEnv
 * @param {Record<string, string>} functionsEnv
 * @returns {(DeployProblem & { server: string })[]}
 */
function tableDisagreements(clientEnv, functionsEnv) {
  return tableRows
    .filter(([client, server, canonical]) => canonical(clientEnv[client]) !== canonical(functionsEnv[server]))
    .map(([variable, server, , what]) => ({
      variable,
      server,
      reason: `differs from the functions' ${server} (the app would read ${what} where the functions do not write them)`,
    }))
}

/**
 * An instance list's URLs (`WORLDMAP_DATABASE_PLAYERS`, `…_LEADERBOARDS`), trimmed, in their order.
 *
 * @param {string | undefined} value
 * @returns {string[]}
 */
function instanceList(value) {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
}

/** @param {string} url */
const instanceName = (url) => (URL.canParse(url) ? (new URL(url).hostname.split('.')[0] ?? '') : '')

/**
 * A region table's entries (`prefix=url`), trimmed and sorted, so two
 * spellings of one table compare equal.
 *
 * @param {string | undefined} value
 * @returns {string[]}
 */
function regionEntries(value) {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().replace(/\s*=\s*/, '='))
    .filter(Boolean)
    .sort()
}

/**
 * The Realtime Database instances a deploy must give the rules to: the main
 * one (`PUBLIC_ENV__FIREBASE_DATABASE_URL`), every region instance of
 * `PUBLIC_ENV__DATABASE_REGIONS`, every player instance
 * (`PUBLIC_ENV__DATABASE_PLAYERS`, the functions' `WORLDMAP_DATABASE_PLAYERS`)
 * and every leaderboard instance (the functions' `WORLDMAP_DATABASE_LEADERBOARDS`),
 * and, during a table switch, every instance of the next table (the app's
 * `PUBLIC_ENV__DATABASE_NEXT_*` and the functions' `WORLDMAP_DATABASE_NEXT_REGIONS`,
 * `_NEXT_PLAYERS`, `_NEXT_LEADERBOARDS`: they must hold the rules before the
 * switch day), by instance name (the URL's first label), each once. Every
 * instance gets the same `database.rules.json`.
 *
 * @param {Record<string, string>} clientEnv
 * @param {Record<string, string>} [functionsEnv]
 * @returns {string[]}
 * @example
 * databaseInstancesOf({
 *   PUBLIC_ENV__FIREBASE_DATABASE_URL: 'https://worldmap-prod-default-rtdb.asia-southeast1.firebasedatabase.app',
 *   PUBLIC_ENV__DATABASE_REGIONS: 'w2=https://worldmap-sea-1.asia-southeast1.firebasedatabase.app',
 * }, { WORLDMAP_DATABASE_LEADERBOARDS: 'https://worldmap-lb-1.asia-southeast1.firebasedatabase.app' })
 * // ['worldmap-prod-default-rtdb', 'worldmap-sea-1', 'worldmap-lb-1']
 */
export function databaseInstancesOf(clientEnv, functionsEnv = {}) {
  const urls = [
    clientEnv.PUBLIC_ENV__FIREBASE_DATABASE_URL ?? '',
    ...regionEntries(clientEnv.PUBLIC_ENV__DATABASE_REGIONS).map((entry) => entry.slice(entry.indexOf('=') + 1)),
    ...instanceList(clientEnv.PUBLIC_ENV__DATABASE_PLAYERS),
    ...instanceList(functionsEnv.WORLDMAP_DATABASE_PLAYERS),
    ...instanceList(functionsEnv.WORLDMAP_DATABASE_LEADERBOARDS),
    // The next table's instances get the rules before the switch routes anything to them.
    ...regionEntries(clientEnv.PUBLIC_ENV__DATABASE_NEXT_REGIONS).map((entry) => entry.slice(entry.indexOf('=') + 1)),
    ...instanceList(clientEnv.PUBLIC_ENV__DATABASE_NEXT_PLAYERS),
    ...regionEntries(functionsEnv.WORLDMAP_DATABASE_NEXT_REGIONS).map((entry) => entry.slice(entry.indexOf('=') + 1)),
    ...instanceList(functionsEnv.WORLDMAP_DATABASE_NEXT_PLAYERS),
    ...instanceList(functionsEnv.WORLDMAP_DATABASE_NEXT_LEADERBOARDS),
  ]
  return [...new Set(urls.map(instanceName).filter(Boolean))]
}

/**
 * Which instance holds what, one line per instance (main first), for the
 * deploy's log: the regions routed to it, whether it shares the players'
 * records (each player on one of the player instances, by a hash of the
 * uid), the leaderboard counter shards it holds (shard k on the
 * (k mod n)-th leaderboard instance; the first also holds each week's top and
 * floor), and on main whatever no table names. From the app's main URL and
 * region table and the functions' player and leaderboard lists (checked
 * equal to the app's where both have one).
 *
 * @param {Record<string, string>} clientEnv
 * @param {Record<string, string>} functionsEnv
 * @param {number} [counterShards]  the leaderboard's counter shards (`LEADERBOARD_COUNTER_SHARDS`)
 * @returns {string[]}
 * @example
 * databaseLayoutOf({ PUBLIC_ENV__FIREBASE_DATABASE_URL: main, PUBLIC_ENV__DATABASE_REGIONS: `w21=${sea}` }, { WORLDMAP_DATABASE_PLAYERS: p1 })
 * // ['worldmap-prod-default-rtdb  main: what must be global; regions not in the table; the leaderboard',
 * //  'worldmap-sea-1  regions w21', 'worldmap-p1  players (all)']
 */
export function databaseLayoutOf(clientEnv, functionsEnv, counterShards = 8) {
  const main = instanceName(clientEnv.PUBLIC_ENV__FIREBASE_DATABASE_URL ?? '')
  const players = [...new Set(instanceList(functionsEnv.WORLDMAP_DATABASE_PLAYERS).map(instanceName))]
  const leaderboards = [...new Set(instanceList(functionsEnv.WORLDMAP_DATABASE_LEADERBOARDS).map(instanceName))]
  /** @type {Map<string, string[]>} */
  const holds = new Map([[main, []]])
  /** @param {string} instance @param {string} what */
  const hold = (instance, what) => holds.set(instance, [...(holds.get(instance) ?? []), what])
  /** @type {Map<string, string[]>} */
  const regions = new Map()
  for (const entry of regionEntries(clientEnv.PUBLIC_ENV__DATABASE_REGIONS)) {
    const instance = instanceName(entry.slice(entry.indexOf('=') + 1))
    regions.set(instance, [...(regions.get(instance) ?? []), entry.slice(0, entry.indexOf('='))])
  }
  hold(main, `main: what must be global${regions.size > 0 ? '; regions not in the table' : '; every region'}`)
  for (const [instance, prefixes] of regions) hold(instance, `regions ${prefixes.join(', ')}`)
  if (players.length === 0) hold(main, 'players')
  for (const instance of players)
    hold(instance, players.length === 1 ? 'players (all)' : `players (1 of ${players.length}, by uid hash)`)
  if (leaderboards.length === 0) hold(main, 'the leaderboard')
  leaderboards.forEach((instance, index) => {
    const shards = Array.from({ length: counterShards }, (_, shard) => shard).filter(
      (shard) => shard % leaderboards.length === index,
    )
    hold(instance, `leaderboard counter shards ${shards.join(', ')}${index === 0 ? '; each week’s top and floor' : ''}`)
  })
  const width = Math.max(...[...holds.keys()].map((instance) => instance.length))
  return [...holds].map(([instance, what]) => `${instance.padEnd(width)}  ${what.join('; ')}`)
}

/**
 * firebase.json for a deploy to `instances`: the same file, with the
 * database rules given to each instance by name (firebase-tools'
 * `database: [{ instance, rules }]`). One instance keeps the file as it is.
 *
 * @param {{ database?: { rules?: string } } & Record<string, unknown>} config  firebase.json
 * @param {string[]} instances
 * @example
 * deployConfigFor(firebaseJson, ['worldmap-prod-default-rtdb', 'worldmap-sea-1']).database
 * // [{ instance: 'worldmap-prod-default-rtdb', rules: 'apps/functions/database.rules.json' }, { instance: 'worldmap-sea-1', … }]
 */
export function deployConfigFor(config, instances) {
  const rules = config.database?.rules
  if (instances.length <= 1 || !rules) return config
  return { ...config, database: instances.map((instance) => ({ instance, rules })) }
}

/**
 * The three checks, from the app's and the functions' TypeScript sources,
 * bundled for Node with esbuild (the root's) into node_modules/.cache.
 *
 * @returns {Promise<ConfigChecks>}
 */
export async function loadConfigChecks() {
  const { build } = await import('esbuild')
  const outfile = join(root, 'node_modules/.cache/deploy/configChecks.mjs')
  mkdirSync(dirname(outfile), { recursive: true })
  await build({
    stdin: {
      contents: [
        "export { checkClientEnv, checkServerEnv } from './apps/miniapp/src/server/checkProductionEnv.ts'",
        "export { checkFunctionsEnv } from './apps/functions/src/config/checkFunctionsEnv.ts'",
      ].join('\n'),
      resolveDir: root,
      loader: 'ts',
    },
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
  })
  return import(`${pathToFileURL(outfile).href}?${Date.now()}`)
}

/**
 * @param {string} command @param {string[]} args @param {{ cwd?: string, env?: Record<string, string | undefined> }} [options]
 */
function run(command, args, options = {}) {
  console.log(`\n$ ${[command, ...args].join(' ')}`)
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd ?? root, env: options.env ?? process.env, stdio: 'inherit' })
    child.on('error', fail)
    child.on('close', (code) => (code === 0 ? done(undefined) : fail(new Error(`${command} exited with ${code}`))))
  })
}

/**
 * Check, build and (unless `dryRun`) deploy.
 *
 * @param {{ project: string, dryRun: boolean }} options
 */
export async function deploy({ project, dryRun }) {
  const { clientEnv, functionsEnv, files } = loadDeployEnv({ project })
  console.log(`deploy: ${project}${dryRun ? ' (dry run: everything but firebase deploy)' : ''}`)
  console.log(`deploy: env files: ${files.length ? files.map((file) => file.slice(root.length + 1)).join(', ') : 'none'}`)
  // The checks are bundled from the app's and the functions' sources, which import the libraries' dist:
  // on a fresh clone there is none yet.
  await buildFirst('deploy', { log: (line) => console.log(`deploy: ${line}`) })
  const problems = findDeployProblems({ project, clientEnv, functionsEnv, checks: await loadConfigChecks() })
  if (problems.length > 0) {
    console.error('deploy: the configuration is not ready for production:')
    for (const { file, variable, reason } of problems) {
      const where = file === 'client' ? 'apps/miniapp/.env.production' : `apps/functions/.env.${project}`
      console.error(`  ${variable} ${reason} (${where})`)
    }
    console.error('deploy: nothing was built or deployed. See docs/deploy.md for every variable.')
    return 1
  }
  console.log('deploy: configuration checked')

  // A build environment without any local stack's or shell's leftovers pointing elsewhere.
  const buildEnv = Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'WORLDMAP_STACK'))
  await run('pnpm', ['run', 'build'], { env: buildEnv })
  await run('pnpm', ['--filter', '@worldmap/miniapp', 'exec', 'vike', 'build'], {
    env: { ...buildEnv, NODE_ENV: 'production' },
  })
  await run(process.execPath, ['apps/functions/build.mjs'])
  await run(process.execPath, ['apps/functions/build.mjs', '--ssr', 'apps/miniapp/dist'])
  // Several database instances: the rules go to each of them (a generated copy of firebase.json, in the same
  // folder so its relative paths hold; gitignored).
  const instances = databaseInstancesOf(clientEnv, functionsEnv)
  const configFile = instances.length > 1 ? join(root, '.firebase-deploy.json') : join(root, 'firebase.json')
  if (instances.length > 1) {
    const firebaseJson = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'))
    writeFileSync(configFile, `${JSON.stringify(deployConfigFor(firebaseJson, instances), null, 2)}\n`)
    console.log(`deploy: database rules for ${instances.length} instances: ${instances.join(', ')}`)
  }
  console.log('deploy: which database instance holds what:')
  for (const line of databaseLayoutOf(clientEnv, functionsEnv)) console.log(`  ${line}`)
  if (dryRun) {
    console.log('\ndeploy: dry run complete: configuration checked and everything built; nothing deployed.')
    return 0
  }
  await run(join(root, 'apps/functions/node_modules/.bin/firebase'), [
    'deploy',
    '--project',
    project,
    '--config',
    configFile,
    '--only',
    DEPLOY_TARGETS,
  ])
  console.log(`\ndeploy: ${project} deployed.`)
  return 0
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  let options
  try {
    options = parseDeployArgs(process.argv.slice(2))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(2)
  }
  try {
    process.exitCode = await deploy(options)
  } catch (error) {
    console.error(`deploy: ${error instanceof Error ? error.message : error}`)
    process.exitCode = 1
  }
}
