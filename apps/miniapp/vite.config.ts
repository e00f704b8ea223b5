import react from '@vitejs/plugin-react'
import { worldAppSimulator } from '@worldmap/simulator/vite'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { publicEnvFromStack } from './src/lib/config/publicEnvFromStack.js'

// When the local stack started this process (WORLDMAP_STACK), point the
// client at its emulator ports. Vite reads PUBLIC_ENV__* from process.env.
Object.assign(process.env, publicEnvFromStack(process.env))

export default defineConfig({
  plugins: [
    react(),
    vike(),
    // `vike dev` only (the plugin applies to serve): outside World App the
    // page gets the host simulator, asking approve/reject in a sheet.
    worldAppSimulator({ mode: 'interactive', os: 'ios' }),
  ],
})
