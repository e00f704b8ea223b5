import { HOST_REPLY_EVENTS, type HostCommand, type WireCommand } from '@worldmap/minikit/wire'

/**
 * The reply event World App fires for each command (the wire package's host
 * table, not restated); `null` for close-miniapp, which gets no reply.
 */
export const REPLY_EVENT: Readonly<Record<HostCommand, string | null>> = HOST_REPLY_EVENTS

/** The error code World App answers a malformed command with. */
export const MALFORMED_CODE: Readonly<Record<HostCommand, string>> = {
  verify: 'malformed_request',
  pay: 'input_error',
  'wallet-auth': 'malformed_request',
  'send-transaction': 'input_error',
  'sign-message': 'invalid_message',
  'sign-typed-data': 'input_error',
  'share-contacts': 'generic_error',
  'request-permission': 'unsupported_permission',
  'get-permissions': 'generic_error',
  'send-haptic-feedback': 'generic_error',
  share: 'generic_error',
  attestation: 'invalid_input',
  chat: 'generic_error',
  'close-miniapp': 'generic_error',
}

/** The error code World App answers when the user declines the sheet. */
export const REJECT_CODE: Readonly<Record<HostCommand, string>> = {
  verify: 'verification_rejected',
  pay: 'user_rejected',
  'wallet-auth': 'user_rejected',
  'send-transaction': 'user_rejected',
  'sign-message': 'user_rejected',
  'sign-typed-data': 'user_rejected',
  'share-contacts': 'user_rejected',
  'request-permission': 'user_rejected',
  'get-permissions': 'generic_error',
  'send-haptic-feedback': 'user_rejected',
  share: 'user_rejected',
  // No sheet: a refused attestation is the integrity check failing.
  attestation: 'attestation_failed',
  chat: 'user_rejected',
  'close-miniapp': 'generic_error',
}

/**
 * Commands the user confirms in a sheet; the rest answer without asking.
 * Only the SDK's commands for now: a consent request names a `WireCommand`,
 * so chat (World App shows a chat picker) answers without a sheet until the
 * consent request takes host commands.
 */
export const NEEDS_CONSENT: ReadonlySet<WireCommand> = new Set<WireCommand>([
  'verify',
  'pay',
  'wallet-auth',
  'send-transaction',
  'sign-message',
  'sign-typed-data',
  'share-contacts',
  'request-permission',
  'share',
])
