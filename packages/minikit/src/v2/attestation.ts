import { type AttestationInput, attestation as attestationCommand } from '../commands/attestation.js'
import { AttestationError } from '../errors/commands/AttestationError.js'
import { asSent, replyCommand } from './replyCommand.js'

/**
 * Ask World App to attest a request, the 2.x way: resolves with
 * `{ executedWith, data }` (data: World App's reply, with the `token` your
 * server checks). Outside World App it runs your `fallback`, or rejects with
 * `CommandUnavailableError`; an error reply rejects with {@link AttestationError}.
 *
 * @example
 * ```ts
 * const { data } = await attestation({ requestHash: await sha256Hex(body) })
 * await fetch('/api/claim', { method: 'POST', body, headers: { 'x-attestation': data.token } })
 * ```
 */
export const attestation = /* @__PURE__ */ replyCommand({
  command: 'attestation',
  run: (input: AttestationInput, { options }) => attestationCommand(input, options),
  error: AttestationError,
  data: asSent,
})
