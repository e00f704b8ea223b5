// Builds the production app for the running stack (its ports are baked into
// the client as PUBLIC_ENV__*; see scripts/appServer.mjs for why turbo's build
// cannot be reused) and serves it with `node dist/server/index.mjs` on the
// stack's app port (`ports.app`, 3100 on the test stack): the functions accept
// sign-ins only for the origins they were started with, so the app cannot sit
// on a random port. The test files get its URL and client directory through inject().
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { buildAppForStack, startAppServer } from '../../scripts/appServer.mjs'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Origin of the production app server, e.g. `http://127.0.0.1:41234`. */
    appUrl: string
    /** The build's `client` directory (for the first-load budget). */
    appClientDir: string
    /** The stack's URLs, as in WORLDMAP_STACK. */
    stackUrls: StackUrls
    /** The stack's region table (`w21=http://127.0.0.1:9177/?ns=demo-worldmap-r1`; '' when all is on main). */
    databaseRegions: string
    /** The stack's player instances (comma-separated URLs; '' when players are on main). */
    databasePlayers: string
    /** The stack's leaderboard instances (comma-separated URLs; '' when the leaderboard is on main). */
    databaseLeaderboards: string
    /** The app server's output (its report lines: POST /api/reports), as it is written. */
    appLogFile: string
    /** The Functions emulator's output (the functions' structured log lines, `>  {…}`), as it is written. */
    functionsLogFile: string
  }
}

type StackUrls = {
  auth: string
  functions: string
  database: string
  /** Every database instance, `http://127.0.0.1:PORT/?ns=NS`, the main one first. */
  databases: string[]
  chain: string
  customToken: string
}

export default async function setup(project: TestProject) {
  const raw = process.env.WORLDMAP_STACK
  if (!raw) throw new Error('WORLDMAP_STACK is not set: the stack globalSetup must run before this one')
  const stack = JSON.parse(raw) as {
    name: string
    urls: StackUrls
    databaseRegions?: string
    databasePlayers?: string
    databaseLeaderboards?: string
    nonceSecret: string
    ports: { app?: number }
    appOrigins?: string[]
  }
  const port = stack.ports.app
  if (port === undefined || !stack.appOrigins?.includes(`http://127.0.0.1:${port}`)) {
    throw new Error(
      `The stack in WORLDMAP_STACK does not accept sign-ins from http://127.0.0.1:${port} (its appOrigins: ` +
        `${stack.appOrigins?.join(', ') ?? 'none'}): start it with ports.app and the matching appOrigin.`,
    )
  }
  const outDir = `node_modules/.cache/app-e2e/${process.pid}`
  const build = await buildAppForStack({ outDir, stackEnv: { WORLDMAP_STACK: raw } })
  const appLogFile = join(build.distDir, 'server.log')
  const app = await startAppServer({
    serverEntry: build.serverEntry,
    nonceSecret: stack.nonceSecret,
    port,
    logFile: appLogFile,
  }).catch((error) => {
    rmSync(build.distDir, { recursive: true, force: true })
    throw error
  })
  project.provide('appUrl', app.url)
  project.provide('appClientDir', build.clientDir)
  // A stack from before region instances has one database: the main one.
  project.provide('stackUrls', { ...stack.urls, databases: stack.urls.databases ?? [`${stack.urls.database}/?ns=demo-worldmap`] })
  project.provide('databaseRegions', stack.databaseRegions ?? '')
  project.provide('databasePlayers', stack.databasePlayers ?? '')
  project.provide('databaseLeaderboards', stack.databaseLeaderboards ?? '')
  project.provide('appLogFile', appLogFile)
  // Where tooling/stack has the emulators write (`apps/functions/.stack/<name>.log`).
  project.provide('functionsLogFile', fileURLToPath(new URL(`../../../functions/.stack/${stack.name}.log`, import.meta.url)))
  return async () => {
    await app.stop()
    rmSync(build.distDir, { recursive: true, force: true })
  }
}
