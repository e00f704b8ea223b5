import { COMMAND_HOST_VERSIONS, type Command } from '../protocol/protocol.js'

/** The commands of the 2.x API: every command of the table but the 1.x `verify` (World ID moved to IDKit). */
export type Command2x = Exclude<Command, 'verify'>

/**
 * The command versions the 2.x API sends (official 2.x's `COMMAND_VERSIONS`
 * of `./commands`): the newest World App speaks, so wallet-auth 2 and
 * send-transaction 2. Derived from the one protocol table; the root's
 * `COMMAND_VERSIONS` stays the versions the 1.x calls send.
 *
 * @example
 * ```ts
 * COMMAND_VERSIONS['send-transaction'] // 2
 * ```
 */
export const COMMAND_VERSIONS = /* @__PURE__ */ Object.freeze(
  Object.fromEntries(
    (Object.keys(COMMAND_HOST_VERSIONS) as Command[])
      .filter((command) => command !== 'verify')
      .map((command) => [command, Math.max(...COMMAND_HOST_VERSIONS[command])]),
  ),
) as Readonly<Record<Command2x, number>>
