import react from '@vitejs/plugin-react'
import { worldAppSimulator } from '@worldmap/simulator/vite'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { publicEnvFromStack } from './src/lib/config/publicEnvFromStack.js'
import { LOCAL_DEFAULTS } from './src/lib/config/readClientConfig.js'

// When the local stack started this process (WORLDMAP_STACK), point the
// client at its emulator ports. Vite reads PUBLIC_ENV__* from process.env.
Object.assign(process.env, publicEnvFromStack(process.env))

export default defineConfig({
  plugins: [
    react(),
    vike(),
    // `vike dev` only (the plugin applies to serve): outside World App the
    // page gets the host simulator, asking approve/reject in a sheet.
    // World App binds World ID proofs to the mini app's id: the simulator must
    // play the same app the functions verify for, or every proof is refused.
    worldAppSimulator({ mode: 'interactive', os: 'ios', appId: process.env.PUBLIC_ENV__APP_ID ?? LOCAL_DEFAULTS.appId }),
  ],
})
