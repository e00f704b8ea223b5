// The bundle's entry (build.mjs → dist/index.js, codebase `default`): the
// functions of index.ts, bound to their secrets. Wiring only.
import './deploy/bindSecrets.js'

export * from './index.js'
