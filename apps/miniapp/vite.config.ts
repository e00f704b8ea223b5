import { node } from '@universal-deploy/node/vite'
import react from '@vitejs/plugin-react'
import { worldAppSimulator } from '@worldmap/simulator/vite'
import vike from 'vike/plugin'
import { defineConfig } from 'vite'
import { notificationsUrlFromStack, publicEnvFromStack } from './src/lib/config/publicEnvFromStack.js'
import { LOCAL_DEFAULTS } from './src/lib/config/readClientConfig.js'

// When the local stack started this process (WORLDMAP_STACK), point the
// client at its emulator ports. Vite reads PUBLIC_ENV__* from process.env.
Object.assign(process.env, publicEnvFromStack(process.env))

export default defineConfig({
  // Loopback only, as the README promises: Vike widens Vite's default to every interface inside a
  // container or with CI set (`--host` for Docker), which served the dev app, its simulator and the
  // local stack's sign-in to the whole network and printed a `Network:` URL. `vike dev --host` still
  // opens it up on purpose.
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
  plugins: [
    react(),
    vike(),
    // The production server (Vike's default Node adapter, made explicit for this
    // option) serves .br/.gz files compressed at maximum quality at build time.
    // Compressing per request, it sent the 92 KiB (gzip -9) framework chunk as
    // 93 KiB of fast brotli; at quality 11 it is about 80 KiB.
    node({ precompress: true }),
    // `vike dev` only (the plugin applies to serve): outside World App the
    // page gets the host simulator, asking approve/reject in a sheet.
    // World App binds World ID proofs to the mini app's id: the simulator must
    // play the same app the functions verify for, or every proof is refused.
    // With the local stack, the simulator shows the streak nudges its send-notification stand-in records
    // for this wallet (issue 24), as World App's banners.
    worldAppSimulator(
      { mode: 'interactive', os: 'ios', appId: process.env.PUBLIC_ENV__APP_ID ?? LOCAL_DEFAULTS.appId },
      { notificationsUrl: notificationsUrlFromStack(process.env) },
    ),
  ],
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // Few, larger files for the first load: on a phone over HTTP/1.1 every
            // extra file may wait for a connection (six per host) and a round trip.
            // By default the start-up code of `/` came as 14 files, ten of them under
            // 1 KiB. Now: React + Vike in one file, and the rest of what pages share
            // at start-up ($initial: static imports, never the lazy Firebase, MapLibre
            // or viem chunks) in another.
            codeSplitting: {
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|vike|vike-react)[\\/]/,
                  priority: 2,
                },
                { name: 'shared', minShareCount: 2, priority: 1, tags: ['$initial'] },
                // The small modules the screens share (the game's tables and paths, formatters, the callable
                // helpers): by default each became a file of its own, 0.1-0.7 KiB, and the home alone asked
                // for 25 files at once, which on a poor link held the sign-in's own chunk 2 s behind them in
                // the six-connection queue (docs/first-launch.md). One file for all of them costs a few KiB
                // that a screen may not use, and saves every screen those round trips.
                {
                  name: 'screens',
                  test: /[\\/](apps[\\/]miniapp[\\/]src|packages[\\/](game|minikit)[\\/]dist)[\\/]/,
                  minShareCount: 2,
                  maxModuleSize: 4096,
                  priority: 0,
                },
              ],
            },
          },
        },
      },
    },
  },
})
