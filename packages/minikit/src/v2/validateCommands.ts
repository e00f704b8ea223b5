import { setCommandAvailable } from '../availability.js'
import type { Command } from '../protocol/protocol.js'
import { COMMAND_VERSIONS } from './commandVersions.js'

/** One entry of `window.WorldApp.supported_commands`. */
interface SupportedCommand {
  name: string
  supported_versions: number[]
}

/**
 * Official 2.x's `validateCommands` (of `./commands`): mark each command of
 * the 2.x API available when World App lists it (at any version: another one
 * is only a warning) and unavailable when it does not. `false` when World App
 * lacks any of them. The 1.x `verify` is not a 2.x command, so a World App
 * without it is not out of date here; the root's `validateCommands` keeps the
 * 1.x rules.
 *
 * @example
 * ```ts
 * if (!validateCommands(window.WorldApp.supported_commands)) showUpdateWorldAppHint()
 * ```
 */
export function validateCommands(supported: readonly SupportedCommand[]): boolean {
  let valid = true
  for (const [name, version] of Object.entries(COMMAND_VERSIONS) as [Command, number][]) {
    const entry = supported.find((command) => command.name === name)
    if (entry && !entry.supported_versions.includes(version)) {
      console.warn(
        `Command ${name} version ${version} is not supported by the app. Supported versions: ${entry.supported_versions.join(', ')}`,
      )
    }
    if (!entry) console.warn(`Command ${name} is not supported by the app. Try updating the app version`)
    setCommandAvailable(name, Boolean(entry))
    valid &&= Boolean(entry)
  }
  return valid
}
