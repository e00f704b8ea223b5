import vike from '@vikejs/hono'
import { createTestClock } from '@worldmap/game/server'
import type { Server } from 'vike/types'
import { readPublicEnv } from '../src/lib/config/readPublicEnv.js'
import { createSecurityHeaders } from '../src/server/createSecurityHeaders.js'
import { createServerApp } from '../src/server/createServerApp.js'
import { createStartupGuard } from '../src/server/createStartupGuard.js'
import { createStaticHeadersMiddleware } from '../src/server/createStaticHeadersMiddleware.js'
import { readServerEnv } from '../src/server/readServerEnv.js'

// https://vike.dev/server — our API routes first, then Vike's pages.
// Refuses to start with a bad environment, naming every bad variable
// (readServerEnv): WORLDMAP_NONCE_SECRET always, and in production (the
// default of a production build, `WORLDMAP_MODE=local` for the local stack's
// tests) WORLDMAP_APP_ORIGINS too.
// A start that fails ends `node dist/server/index.mjs` with status 1 (vike's
// process listeners would print the error and exit 0): createStartupGuard.
const startup = createStartupGuard()
const { env, securityHeaders, app } = startup.run(() => {
  const env = readServerEnv(process.env, { defaultMode: import.meta.env.PROD ? 'production' : 'local' })
  // `vike build` replaces import.meta.env.DEV/PROD with constants: what is
  // development-only is decided by the build, never by a variable at runtime.
  const securityHeaders = createSecurityHeaders({
    publicEnv: readPublicEnv(),
    production: import.meta.env.PROD,
    avatarOrigins: env.avatarOrigins,
  })
  const app = createServerApp({
    nonceSecret: env.nonceSecret,
    // A test stack's clock (local mode only): the nonce's issue time agrees with the functions' clock.
    now: createTestClock(env.testClockFile),
    securityHeaders,
    // Reports from the configured origins' pages; Cloud Run names the project, for the lines' trace field.
    reports: { appOrigins: env.appOrigins, project: process.env.GOOGLE_CLOUD_PROJECT ?? process.env.GCLOUD_PROJECT },
    // Development only: the usernames stand-in knows the simulator's wallet. The
    // production build folds this to `false` and drops the simulator import.
    devUsernames: import.meta.env.DEV
      ? async () => {
          const { createSimulatorWallet } = await import('@worldmap/simulator')
          return createSimulatorWallet().address
        }
      : false,
  })
  return { env, securityHeaders, app }
})
vike(app)

export default {
  fetch: app.fetch,
  // Vike's Node adapter serves the client files from a middleware before `fetch`;
  // this one, listed first, gives those responses the security headers too.
  prod: {
    port: env.port,
    middleware: [createStaticHeadersMiddleware(securityHeaders)],
    // Node server only (the SSR function never listens): a port in use ends the process with status 1.
    onCreate: startup.listening,
    onReady: startup.ready,
  },
} satisfies Server
