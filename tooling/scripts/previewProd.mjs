#!/usr/bin/env node
// `pnpm preview:prod`: the production deploy, run on this machine. It builds
// production bundles — the app with a production-mode public configuration
// pointing at local endpoints, the game functions, the server-rendered app's
// function — and starts them under the Firebase emulators (Hosting +
// Functions + Auth) with the repository's own firebase.json: the same
// Hosting rewrites and headers, the same two codebases, the same runtime.
// Around them: the Realtime Database stand-in of tooling/stack behind a shard
// proxy (previewShardProxy.mjs: the database URL's host answers with a reset
// to a shard host, as production Firebase does), the local World Chain of
// tooling/stack, and stand-ins for World's usernames service and the World ID
// Developer Portal (previewStandIns.mjs). Everything runs in production mode
// (WORLDMAP_MODE=production, PUBLIC_ENV__WORLDMAP_MODE=production) with every
// production variable set; only the endpoints are local.
//
// The emulators need a copy of firebase.json: its paths point at this run's
// build directories (never at the turbo build's dist/, which other processes
// use) and its functions read this run's .env.local. Nothing else differs;
// previewProd.test.ts holds the copy to that.
//
// Ports (none shared with `pnpm dev` or the test stack): Hosting 5300,
// Functions 5301, Auth 9399, database 9400 (the shard proxy: the app's
// http://worldmap-default-rtdb.localhost:9400, moved to s-preview1.localhost:9400),
// the stand-in behind it 9401, chain 8745, hub 4699, logging 4799, usernames
// 5310, Developer Portal 5311. Ctrl-C stops everything.

import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, relative, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isPortFree, startDatabase, startFirebaseEmulators, startLocalChain } from '../stack/startStack.mjs'
import { buildFirst } from './buildFirst.mjs'
import { parseFlags } from './parseFlags.mjs'
import { startShardProxy } from './previewShardProxy.mjs'
import { startDeveloperPortalStandIn, startUsernamesStandIn } from './previewStandIns.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const functionsDir = join(root, 'apps/functions')
const appDir = join(root, 'apps/miniapp')

/** The emulators' project: a `demo-` project needs no credentials and never reaches Google. */
export const PREVIEW_PROJECT_ID = 'demo-worldmap'
/** The Developer Portal app id the preview plays (the simulator must be given the same one). */
export const PREVIEW_APP_ID = 'app_worldmap_preview'
/** The incognito action of `verifyHuman` in the preview. */
export const PREVIEW_VERIFY_ACTION = 'verify-human'
export const REGION = 'asia-southeast1'
/**
 * The database's host in the app's configuration, and the shard host its
 * reset names: `*.localhost` names, all loopback in Chromium (RFC 6761), so
 * the policy's `*.localhost:PORT` rule is exercised as `*.firebaseio.com` is
 * in production.
 */
export const PREVIEW_DATABASE_HOST = 'worldmap-default-rtdb.localhost'
export const PREVIEW_SHARD_HOST = 's-preview1.localhost'

/**
 * @typedef {{ hosting: number, functions: number, auth: number, database: number, databaseServer: number,
 *   chain: number, hub: number, logging: number, usernames: number, developerPortal: number }} PreviewPorts
 */

/** @type {PreviewPorts} */
export const PREVIEW_PORTS = {
  hosting: 5300,
  functions: 5301,
  auth: 9399,
  database: 9400,
  databaseServer: 9401,
  chain: 8745,
  hub: 4699,
  logging: 4799,
  usernames: 5310,
  developerPortal: 5311,
}

const pieces = {
  hosting: 'the Hosting emulator',
  functions: 'the Functions emulator',
  auth: 'the Auth emulator',
  database: 'the database shard proxy',
  databaseServer: 'the Realtime Database stand-in',
  chain: 'the local World Chain RPC',
  hub: 'the emulator hub',
  logging: 'the emulator logging port',
  usernames: 'the usernames service stand-in',
  developerPortal: 'the Developer Portal stand-in',
}

/** `pnpm preview:prod` could not start; the message says which piece and why. */
export class PreviewStartError extends Error {
  /** @override */
  name = 'PreviewStartError'
}

/**
 * Every variable of both runtimes for a preview on `ports`: the app's public
 * build configuration (`PUBLIC_ENV__*`, production mode, local endpoints) and
 * the functions' environment (the game functions and the app server alike —
 * firebase.json gives both codebases one `configDir`).
 *
 * @param {{ ports: PreviewPorts, nonceSecret: string, dropSeed: string, publicIdKey: string }} options
 * @returns {{ publicEnv: Record<string, string>, functionsEnv: Record<string, string>, urls: PreviewUrls }}
 */
export function previewEnv({ ports, nonceSecret, dropSeed, publicIdKey }) {
  const local = (/** @type {number} */ port) => `http://127.0.0.1:${port}`
  const urls = {
    app: local(ports.hosting),
    functions: local(ports.functions),
    auth: local(ports.auth),
    database: `http://${PREVIEW_DATABASE_HOST}:${ports.database}`,
    databaseShard: `http://${PREVIEW_SHARD_HOST}:${ports.database}`,
    chain: local(ports.chain),
    usernames: local(ports.usernames),
    developerPortal: local(ports.developerPortal),
    customToken: `${local(ports.functions)}/${PREVIEW_PROJECT_ID}/${REGION}/onRequestCustomToken`,
  }
  const appOrigins = [urls.app, `http://localhost:${ports.hosting}`].join(',')
  const publicEnv = {
    PUBLIC_ENV__WORLDMAP_MODE: 'production',
    PUBLIC_ENV__APP_ID: PREVIEW_APP_ID,
    PUBLIC_ENV__VERIFY_ACTION: PREVIEW_VERIFY_ACTION,
    PUBLIC_ENV__FIREBASE_PROJECT_ID: PREVIEW_PROJECT_ID,
    PUBLIC_ENV__FIREBASE_API_KEY: 'preview-api-key',
    PUBLIC_ENV__FIREBASE_DATABASE_URL: `${urls.database}/?ns=${PREVIEW_PROJECT_ID}`,
    PUBLIC_ENV__FUNCTIONS_REGION: REGION,
    PUBLIC_ENV__MAP_STYLE_URL: 'offline',
    PUBLIC_ENV__USERNAMES_URL: urls.usernames,
    PUBLIC_ENV__WORLDCHAIN_RPC_URL: urls.chain,
    PUBLIC_ENV__CUSTOM_TOKEN_URL: urls.customToken,
    // Honoured in production mode only because they are loopback URLs and the page is on 127.0.0.1.
    // The database is no emulator here: the configured URL, on a *.localhost name, like production's.
    PUBLIC_ENV__AUTH_EMULATOR_URL: urls.auth,
    PUBLIC_ENV__FUNCTIONS_EMULATOR_URL: urls.functions,
  }
  const functionsEnv = {
    WORLDMAP_MODE: 'production',
    WORLDMAP_NONCE_SECRET: nonceSecret,
    WORLDMAP_DROP_SEED: dropSeed,
    WORLDMAP_PUBLIC_ID_KEY: publicIdKey,
    WORLDMAP_APP_ID: PREVIEW_APP_ID,
    WORLDMAP_VERIFY_ACTION: PREVIEW_VERIFY_ACTION,
    WORLDMAP_APP_ORIGINS: appOrigins,
    WORLDCHAIN_RPC_URL: urls.chain,
    WORLDMAP_VERIFIER: 'developer-portal',
    WORLDMAP_DEVELOPER_PORTAL_URL: urls.developerPortal,
    // Production mode requires the notifications API (issue 24): pointed at the local portal stand-in, never the
    // internet. The preview runs no scheduler, so no nudge is ever sent from it.
    WORLDMAP_NOTIFICATIONS_API_URL: urls.developerPortal,
    WORLDMAP_NOTIFICATIONS_API_KEY: 'preview-notifications-api-key',
    // Public cards' names come from the usernames stand-in, looked up by the functions as in production,
    // and avatars only from its origin (issue 22).
    WORLDMAP_USERNAMES_URL: urls.usernames,
    WORLDMAP_AVATAR_ORIGINS: new URL(urls.usernames).origin,
    // The database stand-in is no Firebase emulator: firebase-admin is pointed at it by name, directly
    // (the server side does not go through the shard proxy).
    WORLDMAP_DATABASE_EMULATOR_HOST: `127.0.0.1:${ports.databaseServer}`,
  }
  return { publicEnv, functionsEnv, urls }
}

/**
 * @typedef {{ app: string, functions: string, auth: string, database: string, databaseShard: string, chain: string,
 *   usernames: string, developerPortal: string, customToken: string }} PreviewUrls
 */

/**
 * The repository's firebase.json as the emulators run it for one preview: the
 * same file with its paths re-pointed (relative to `configFileDir`) at this
 * run's builds and `.env.local`, and the emulator ports set. Everything else —
 * rewrites, headers, codebases, runtimes, database rules — is left as it is.
 *
 * @param {any} config  the parsed root firebase.json
 * @param {{ configFileDir: string, hostingPublic: string, sources: Record<string, string>, configDir: string,
 *   ports: PreviewPorts }} options  absolute paths; `sources` by codebase
 */
export function previewFirebaseConfig(config, { configFileDir, hostingPublic, sources, configDir, ports }) {
  const rel = (/** @type {string} */ path) => relative(configFileDir, path) || '.'
  const copy = structuredClone(config)
  copy.hosting.public = rel(hostingPublic)
  copy.functions = copy.functions.map((/** @type {{ codebase: string }} */ entry) => {
    const source = sources[entry.codebase]
    if (!source) throw new PreviewStartError(`firebase.json: no preview build for codebase ${entry.codebase}`)
    return { ...entry, source: rel(source), configDir: rel(configDir) }
  })
  if (copy.database?.rules) copy.database.rules = rel(join(root, copy.database.rules))
  copy.emulators = {
    ...copy.emulators,
    hosting: { host: '127.0.0.1', port: ports.hosting },
    functions: { host: '127.0.0.1', port: ports.functions },
    auth: { host: '127.0.0.1', port: ports.auth },
    hub: { host: '127.0.0.1', port: ports.hub },
    logging: { host: '127.0.0.1', port: ports.logging },
    ui: { enabled: false },
    singleProjectMode: true,
  }
  return copy
}

/**
 * The environment of a child process of the preview: this one's, without
 * anything that would point it at another stack (the test command runs with
 * the test stack's FIREBASE_*, WORLDMAP_* and PUBLIC_ENV__* variables).
 *
 * @param {Record<string, string | undefined>} env
 * @returns {Record<string, string>}
 */
export function cleanChildEnv(env) {
  const foreign = /^(FIREBASE_|GCLOUD_|GOOGLE_|FUNCTIONS_|WORLDMAP_|WORLDCHAIN_|PUBLIC_ENV__|K_SERVICE|K_REVISION|CLOUDSDK_)/
  return Object.fromEntries(
    Object.entries(env).filter(
      /** @returns {entry is [string, string]} */ (entry) => entry[1] !== undefined && !foreign.test(entry[0]),
    ),
  )
}

/**
 * Run a child to completion; its output is kept for the error message.
 *
 * @param {string} command @param {string[]} args @param {{ cwd: string, env: Record<string, string> }} options
 */
function run(command, args, { cwd, env }) {
  return new Promise((done, fail) => {
    /** @type {Buffer[]} */
    const output = []
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk) => output.push(chunk))
    child.stderr.on('data', (chunk) => output.push(chunk))
    child.on('error', fail)
    child.on('close', (code) =>
      code === 0
        ? done(undefined)
        : fail(new PreviewStartError(`${[command, ...args].join(' ')} exited with ${code}:\n${Buffer.concat(output)}`)),
    )
  })
}

/**
 * `vike build` of the app into `outDir` (relative to apps/miniapp: Vike
 * resolves it against the project root) with exactly `publicEnv` as its
 * public configuration, in a child process.
 *
 * @param {{ outDir: string, publicEnv: Record<string, string> }} options
 */
async function buildApp({ outDir, publicEnv }) {
  await run(process.execPath, [fileURLToPath(import.meta.url), '--build-app', outDir], {
    cwd: appDir,
    env: { ...cleanChildEnv(process.env), ...publicEnv, NODE_ENV: 'production' },
  })
  const dist = join(appDir, outDir)
  if (!existsSync(join(dist, 'server/index.mjs'))) throw new PreviewStartError(`vike build wrote no ${dist}/server/index.mjs`)
  return dist
}

/**
 * The child of {@link buildApp}: Vike's build API, resolved from the app (its dependency, not the root's).
 *
 * @param {string} outDir
 */
async function buildAppHere(outDir) {
  const vikeApi = createRequire(join(appDir, 'package.json')).resolve('vike/api')
  const { build } = await import(pathToFileURL(vikeApi).href)
  await build({ viteConfig: { root: appDir, logLevel: 'error', build: { outDir } } })
}

/**
 * @typedef {object} PreviewProd
 * @property {PreviewUrls} urls
 * @property {PreviewPorts} ports
 * @property {string} projectId
 * @property {string} appId
 * @property {string} verifyAction
 * @property {string} logFile  the emulators' output
 * @property {{ resets: number, forwarded: number, refused: number }} databaseRouting  websockets the shard proxy
 *   reset to the shard host, forwarded to the stand-in, refused
 * @property {() => Promise<void>} stop  stops everything and removes this run's builds
 */

/**
 * Build the production bundles and start them under the emulators; resolves
 * once the app answers through Hosting and the functions are loaded.
 *
 * @param {{ ports?: Partial<PreviewPorts>, log?: (line: string) => void, timeoutMs?: number }} [options]
 * @returns {Promise<PreviewProd>}
 * @example
 * const preview = await startPreviewProd({ log: console.log })
 * await fetch(`${preview.urls.app}/`)
 * await preview.stop()
 */
export async function startPreviewProd(options = {}) {
  /** @type {PreviewPorts} */
  const ports = { ...PREVIEW_PORTS, ...options.ports }
  const log = options.log ?? (() => {})
  const timeoutMs = options.timeoutMs ?? 300_000 // beside a test run the emulators took over the old 2 minutes

  await checkPortsFree(ports)

  const id = `${process.pid}-${Date.now().toString(36)}`
  // Under apps/functions/node_modules: the bundles resolve the Firebase SDKs from there, as in a deploy's install.
  const workDir = join(functionsDir, 'node_modules/.cache/preview-prod', id)
  const appOutDir = `node_modules/.cache/preview-prod/${id}`
  const cleanups = /** @type {Array<() => Promise<unknown>>} */ ([])
  const stop = async () => {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
    cleanups.length = 0
  }

  try {
    mkdirSync(workDir, { recursive: true })
    cleanups.push(async () => rmSync(workDir, { recursive: true, force: true }))
    cleanups.push(async () => rmSync(join(appDir, appOutDir), { recursive: true, force: true }))

    const nonceSecret = randomBytes(32).toString('hex')
    const dropSeed = randomBytes(32).toString('hex')
    const publicIdKey = randomBytes(32).toString('hex')
    const { publicEnv, functionsEnv, urls } = previewEnv({ ports, nonceSecret, dropSeed, publicIdKey })

    const started = Date.now()
    const { buildFunctions, buildSsrFunction } = await import(pathToFileURL(join(functionsDir, 'build.mjs')).href)
    const sources = { default: join(workDir, 'functions'), ssr: join(workDir, 'ssr') }
    const [appDist] = await Promise.all([buildApp({ outDir: appOutDir, publicEnv }), buildFunctions({ outdir: sources.default })])
    await buildSsrFunction({ vikeDist: appDist, outdir: sources.ssr })
    log(`built      app, functions and the server-rendered app in ${((Date.now() - started) / 1000).toFixed(1)} s`)

    const shardProxy = await startStandIns(ports, cleanups)
    const configFile = writePreviewConfig({ workDir, functionsEnv, appDist, sources, ports })

    const logFile = join(functionsDir, 'node_modules/.cache/preview-prod', `${id}.log`)
    const emulators = await startEmulators({ configFile, workDir, logFile, urls, timeoutMs })
    cleanups.push(async () => rmSync(logFile, { force: true }))
    cleanups.push(() => emulators.stop())

    logPreview(log, { urls, ports, logFile })

    return {
      urls,
      ports,
      projectId: PREVIEW_PROJECT_ID,
      appId: PREVIEW_APP_ID,
      verifyAction: PREVIEW_VERIFY_ACTION,
      logFile,
      databaseRouting: shardProxy.counts,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * Refuse to start when a port the preview would listen on is taken.
 *
 * @param {PreviewPorts} ports
 */
async function checkPortsFree(ports) {
  for (const [piece, port] of Object.entries(ports)) {
    if (!(await isPortFree(port))) {
      throw new PreviewStartError(
        `Port ${port} is already in use, so ${pieces[/** @type {keyof PreviewPorts} */ (piece)]} cannot start. ` +
          `Stop whatever listens there (\`lsof -i :${port}\`), or the other preview using it.`,
      )
    }
  }
}

/**
 * The database stand-in behind its shard proxy, the local chain, and the usernames and Developer Portal stand-ins,
 * each stopped by a step pushed onto `cleanups`; resolves to the shard proxy (its counts are the preview's).
 *
 * @param {PreviewPorts} ports
 * @param {Array<() => Promise<unknown>>} cleanups
 */
async function startStandIns(ports, cleanups) {
  const database = await startDatabase(ports.databaseServer)
  cleanups.push(() => database.close())
  const shardProxy = await startShardProxy({
    port: ports.database,
    namespaceHost: PREVIEW_DATABASE_HOST,
    shardHost: PREVIEW_SHARD_HOST,
    upstreamPort: ports.databaseServer,
  })
  cleanups.push(() => shardProxy.close())
  const chain = await startLocalChain(ports.chain)
  cleanups.push(() => new Promise((done) => chain.close(() => done(undefined))))
  const usernames = await startUsernamesStandIn(ports.usernames)
  cleanups.push(() => new Promise((done) => usernames.close(() => done(undefined))))
  const portal = await startDeveloperPortalStandIn(ports.developerPortal)
  cleanups.push(() => new Promise((done) => portal.close(() => done(undefined))))
  return shardProxy
}

/**
 * The functions' `.env.local` and the preview's firebase.json in `workDir`; returns the config file's path.
 *
 * @param {{ workDir: string, functionsEnv: Record<string, string>, appDist: string,
 *   sources: { default: string, ssr: string }, ports: PreviewPorts }} options
 */
function writePreviewConfig({ workDir, functionsEnv, appDist, sources, ports }) {
  writeFileSync(
    join(workDir, '.env.local'),
    `${Object.entries(functionsEnv)
      .map(([key, value]) => `${key}=${value}`)
      .join('\n')}\n`,
    { mode: 0o600 },
  )
  const rootConfig = JSON.parse(readFileSync(join(root, 'firebase.json'), 'utf8'))
  const config = previewFirebaseConfig(rootConfig, {
    configFileDir: workDir,
    hostingPublic: join(appDist, 'client'),
    sources,
    configDir: workDir,
    ports,
  })
  const configFile = join(workDir, 'firebase.json')
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`)
  // The emulator resolves the SDKs from the source's node_modules, like the stack's copy.
  if (!existsSync(join(workDir, 'node_modules')))
    symlinkSync(join(functionsDir, 'node_modules'), join(workDir, 'node_modules'), 'dir')
  return configFile
}

/**
 * What runs where, once the preview is up.
 *
 * @param {(line: string) => void} log
 * @param {{ urls: PreviewUrls, ports: PreviewPorts, logFile: string }} preview
 */
function logPreview(log, { urls, ports, logFile }) {
  log(`app        ${urls.app}/ (Firebase Hosting emulator: firebase.json rewrites → function ssr)`)
  log(`functions  ${urls.functions}/${PREVIEW_PROJECT_ID}/${REGION}/… (codebases default + ssr, log: ${logFile})`)
  log(`auth       ${urls.auth} (Auth emulator)`)
  log(`database   ${urls.database.replace('http', 'ws')} → reset to ${urls.databaseShard.replace('http', 'ws')} (shard proxy)`)
  log(`           ws://127.0.0.1:${ports.databaseServer} behind it (firebase-server stand-in)`)
  log(`chain      ${urls.chain} (local World Chain)`)
  log(`usernames  ${urls.usernames} (stand-in for World's usernames service)`)
  log(`portal     ${urls.developerPortal} (stand-in for the Developer Portal verify API, simulator proofs)`)
  log(`mode       production, app id ${PREVIEW_APP_ID}, action ${PREVIEW_VERIFY_ACTION}`)
}

/**
 * `firebase emulators:start --only hosting,functions,auth` in its own process
 * group; resolves once a page renders through Hosting (the rewrite to `ssr`)
 * and `onRequestCustomToken` is loaded.
 *
 * @param {{ configFile: string, workDir: string, logFile: string, urls: PreviewUrls, timeoutMs: number }} options
 */
function startEmulators({ configFile, workDir, logFile, urls, timeoutMs }) {
  return startFirebaseEmulators({
    only: 'hosting,functions,auth',
    project: PREVIEW_PROJECT_ID,
    configFile,
    cwd: workDir,
    logFile,
    env: cleanChildEnv(process.env),
    timeoutMs,
    // Ready: the page answers through Hosting and the functions are loaded.
    ready: async () => {
      const [page, token] = await Promise.all([
        fetch(`${urls.app}/`).then(
          (r) => r.status,
          () => 0,
        ),
        fetch(urls.customToken).then(
          (r) => r.status,
          () => 0,
        ),
      ])
      return { ok: page === 200 && token === 400, state: `page ${page}, custom token ${token}` }
    },
    fail: (_kind, message) => new PreviewStartError(message),
  })
}

const isMain = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (isMain && process.argv[2] === '--build-app') {
  // Vike's process listeners print a rejected build and let the process exit 0: end it with 1 ourselves.
  await buildAppHere(/** @type {string} */ (process.argv[3])).catch((error) => {
    console.error(error)
    process.exit(1)
  })
} else if (isMain) {
  // Strict: a typo must not build and start the whole production preview with its defaults.
  const { values } = parseFlags(process.argv.slice(2), {
    usage: 'pnpm preview:prod [-- --offset N] (--offset shifts every port by N, 0 to 20000: a second preview beside the first)',
    options: { offset: { type: 'string' } },
    check: ({ offset }) =>
      offset === undefined || (/^\d+$/.test(String(offset)) && Number(offset) <= 20_000)
        ? undefined
        : '--offset takes a whole number of ports from 0 to 20000',
  })
  const offset = Number(values.offset ?? 0)
  const ports = /** @type {PreviewPorts} */ (
    Object.fromEntries(Object.entries(PREVIEW_PORTS).map(([piece, port]) => [piece, port + offset]))
  )
  // The libraries the production bundles are made from: on a fresh clone there are none yet.
  try {
    await buildFirst('preview:prod', { log: (line) => console.log(`preview:prod: ${line}`) })
  } catch (error) {
    console.error(`preview:prod: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  // Ctrl-C stops whatever has started and exits 0, also while the preview is still starting (its emulators run
  // in their own process group), and is handled before the URL line, which a script may answer at once.
  /** @type {Promise<PreviewProd> | undefined} */
  let starting
  let stopping = false
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.on(signal, async () => {
      if (stopping) return
      stopping = true
      console.log('\npreview:prod: stopping…')
      const preview = await starting?.catch(() => undefined)
      await preview?.stop()
      process.exit(0)
    })
  }
  console.log('preview:prod: building the production bundles and starting them under the Firebase emulators…')
  starting = startPreviewProd({ ports, log: (line) => console.log(`  ${line}`) })
  let preview
  try {
    preview = await starting
  } catch (error) {
    if (stopping) await new Promise(() => {})
    console.error(`preview:prod: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  if (!stopping) console.log(`\nWorldMap (production build) at ${preview.urls.app}/ — Ctrl-C stops everything.`)
}
