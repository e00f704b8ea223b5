// The firebase.json one stack's emulators start with: its functions copy and its ports.

import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { stackDir } from './project.mjs'

/** @import { StackPorts } from './ports.mjs' */

/**
 * @param {string} name
 * @param {string} sourceDir relative to .stack/
 * @param {StackPorts} ports
 */
export function writeFirebaseConfig(name, sourceDir, ports) {
  const file = join(stackDir, `${name}.firebase.json`)
  const config = {
    functions: [{ source: sourceDir, codebase: 'default' }],
    emulators: {
      auth: { host: '127.0.0.1', port: ports.auth },
      functions: { host: '127.0.0.1', port: ports.functions },
      hub: { host: '127.0.0.1', port: ports.hub },
      logging: { host: '127.0.0.1', port: ports.logging },
      ui: { enabled: false },
      singleProjectMode: true,
    },
  }
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`)
  return file
}
