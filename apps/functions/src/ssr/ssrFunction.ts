// The bundle's entry for codebase `ssr` (build.mjs --ssr → dist-ssr/index.js):
// the server-rendered app and its /api routes as one 2nd-gen HTTPS function,
// which firebase.json's Hosting rewrites send every page route and /api/** to.
// Wiring only: the behaviour is createSsrHandler's and the app server's.
import { error as logError } from 'firebase-functions/logger'
import { onRequest } from 'firebase-functions/v2/https'
import { declaredSecrets } from '../deploy/declaredSecrets.js'
import { nonceSecret } from '../deploy/functionSecrets.js'
import { createSsrHandler } from './createSsrHandler.js'

/** Same region as the game functions and the database: one round trip inside asia-southeast1. */
const region = 'asia-southeast1'

export const ssr = onRequest(
  // Rendering a page is light but React's SSR wants more than the 256 MiB default when busy.
  { region, memory: '512MiB', timeoutSeconds: 30, secrets: declaredSecrets([nonceSecret]) },
  createSsrHandler({
    // Loaded on the first request, never at import: the app server validates its
    // configuration when it loads, and deploy-time discovery has none.
    load: async () => {
      // The app server reads PORT for a listener it never opens here (the function's
      // framework listens). The Functions emulator's PORT is a socket path, which the
      // app server would refuse; Cloud Run's is a number.
      if (process.env.PORT && !/^\d+$/.test(process.env.PORT)) delete process.env.PORT
      return (await import('virtual:worldmap-app-server')).default
    },
    log: (message, details) => logError(message, details),
  }),
)
