import { readFile } from 'node:fs/promises'
import { WIRE_COMMANDS, type WireCommand } from '@worldmap/minikit/wire'
import { z } from 'zod'
import type { CommandBehaviour } from '../host/createSimulator.js'
import { BehaviourFileError } from './errors/BehaviourFileError.js'

const commandBehaviourSchema = z.strictObject({
  outcome: z.enum(['approve', 'reject', 'drop'], { error: 'must be approve, reject or drop' }).optional(),
  errorCode: z.string().min(1, 'must be a non-empty error code').optional(),
  delay: z.number({ error: 'must be a number of ms' }).int('must be a whole number of ms').min(0, 'must be ≥ 0').optional(),
  duplicate: z.boolean({ error: 'must be true or false' }).optional(),
})

// Keys are the host's command names, so a typo ("sendTransaction") is an error, not a silent approve.
const behaviourSchema = z.partialRecord(z.enum(WIRE_COMMANDS), commandBehaviourSchema)

/** Scripted answers per wire command, as `createSimulator` takes them. */
export type BehaviourMap = Partial<Record<WireCommand, CommandBehaviour>>

/**
 * Read and validate a `--behaviour` file: a JSON object from wire command
 * names (`pay`, `wallet-auth`, …, as in `@worldmap/minikit/wire`) to
 * `{ outcome?, errorCode?, delay?, duplicate? }`.
 *
 * @throws BehaviourFileError (unreadable, not JSON, or invalid; `issues` says where)
 * @example
 * ```ts
 * // behaviour.json: {"pay": {"outcome": "reject", "errorCode": "insufficient_balance"}}
 * const behaviour = await readBehaviourFile('behaviour.json')
 * ```
 */
export async function readBehaviourFile(path: string): Promise<BehaviourMap> {
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (cause) {
    throw new BehaviourFileError(path, [`cannot read it (${(cause as NodeJS.ErrnoException).code ?? 'error'})`], { cause })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (cause) {
    throw new BehaviourFileError(path, [`not JSON: ${(cause as Error).message}`], { cause })
  }
  const parsed = behaviourSchema.safeParse(json)
  if (!parsed.success) {
    throw new BehaviourFileError(
      path,
      parsed.error.issues.flatMap((issue) => {
        const where = issue.path.join('.')
        // Unknown keys at the top are command names the host does not know.
        if (issue.code === 'unrecognized_keys' && where === '') {
          return issue.keys.map((key) => `${key}: not a wire command (one of ${WIRE_COMMANDS.join(', ')})`)
        }
        return [where ? `${where}: ${issue.message}` : issue.message]
      }),
    )
  }
  return parsed.data
}
