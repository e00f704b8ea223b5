import vike from '@vikejs/hono'
import type { Server } from 'vike/types'
import { createServerApp } from '../src/server/createServerApp.js'
import { readServerEnv } from '../src/server/readServerEnv.js'

// https://vike.dev/server — our API routes first, then Vike's pages.
// Refuses to start without WORLDMAP_NONCE_SECRET (readServerEnv says why).
const env = readServerEnv(process.env)

const app = createServerApp({
  nonceSecret: env.nonceSecret,
  // Development only: the usernames stand-in knows the simulator's wallet.
  devUsernames: env.production
    ? false
    : async () => {
        const { createSimulatorWallet } = await import('@worldmap/simulator')
        return createSimulatorWallet().address
      },
})
vike(app)

export default {
  fetch: app.fetch,
  prod: { port: env.port },
} satisfies Server
