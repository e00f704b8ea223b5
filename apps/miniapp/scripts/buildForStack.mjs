#!/usr/bin/env node
// `vike build` into another directory, for the stack in WORLDMAP_STACK
// (vite.config.ts maps it onto PUBLIC_ENV__*). Used through appServer.mjs's
// buildAppForStack(); outDir is relative to apps/miniapp.
//
//   WORLDMAP_STACK=… node scripts/buildForStack.mjs node_modules/.cache/app-e2e/1
import { build } from 'vike/api'
import { appDir } from './appServer.mjs'

const outDir = process.argv[2]
if (!outDir) throw new Error('usage: node scripts/buildForStack.mjs <outDir relative to apps/miniapp>')
if (!process.env.WORLDMAP_STACK) throw new Error('WORLDMAP_STACK is not set: the build would point at the dev ports')
// Vike's process listeners print a rejected build and let the process exit 0 (a failed
// build would look like a good one): end it with 1 ourselves.
await build({ viteConfig: { root: appDir, logLevel: 'error', build: { outDir } } }).catch((error) => {
  console.error(error)
  process.exit(1)
})
