import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { BaseError, DOCS_BASE_URL, VERSION } from './BaseError.js'
import { BridgeDecryptionError } from './bridge/BridgeDecryptionError.js'
import { BridgeExpiredError } from './bridge/BridgeExpiredError.js'
import { BridgeRequestError } from './bridge/BridgeRequestError.js'
import { BridgeResponseError } from './bridge/BridgeResponseError.js'
import { BridgeUrlError } from './bridge/BridgeUrlError.js'
import { CryptoUnavailableError } from './bridge/CryptoUnavailableError.js'
import { MissingKeypairError } from './bridge/MissingKeypairError.js'
import { UnsupportedPlatformError } from './bridge/UnsupportedPlatformError.js'
import { CommandAbortedError } from './CommandAbortedError.js'
import { CommandTimeoutError } from './CommandTimeoutError.js'
import { CommandUnavailableError } from './CommandUnavailableError.js'
import { CurrentUrlUnavailableError } from './CurrentUrlUnavailableError.js'
import { AttestationError } from './commands/AttestationError.js'
import { ChatError } from './commands/ChatError.js'
import { GetPermissionsError } from './commands/GetPermissionsError.js'
import { PayError } from './commands/PayError.js'
import { RequestPermissionError } from './commands/RequestPermissionError.js'
import { SendHapticFeedbackError } from './commands/SendHapticFeedbackError.js'
import { SendTransactionError } from './commands/SendTransactionError.js'
import { ShareContactsError } from './commands/ShareContactsError.js'
import { ShareError } from './commands/ShareError.js'
import { SignMessageError } from './commands/SignMessageError.js'
import { SignTypedDataError } from './commands/SignTypedDataError.js'
import { WalletAuthError } from './commands/WalletAuthError.js'
import { FallbackRequiredError } from './FallbackRequiredError.js'
import { HostUnavailableError } from './HostUnavailableError.js'
import { InvalidPayloadError } from './InvalidPayloadError.js'
import { MalformedReplyError } from './MalformedReplyError.js'
import { SiweParseError } from './siwe/SiweParseError.js'
import { SiweVerificationError } from './siwe/SiweVerificationError.js'
import { TransactionFailedError } from './transactions/TransactionFailedError.js'
import { TransactionRevertedError } from './transactions/TransactionRevertedError.js'
import { TransactionStatusError } from './transactions/TransactionStatusError.js'
import { TransactionStatusTimeoutError } from './transactions/TransactionStatusTimeoutError.js'
import { UsernamesServiceError } from './UsernamesServiceError.js'

const FOOTER = `Version: ${VERSION}`

describe('message', () => {
  test('default: the short message, then the version', () => {
    const error = new BaseError('Something failed.')
    expect(error).toMatchObject({
      name: 'MiniKitError',
      code: 'minikit_error',
      shortMessage: 'Something failed.',
      version: '@worldmap/minikit@0.1.0',
      docsPath: undefined,
    })
    expect(error.message).toBe('Something failed.\n\nVersion: @worldmap/minikit@0.1.0')
    expect('cause' in error).toBe(false)
  })

  test('parameters: meta messages, details, the docs link, then the version', () => {
    const error = new BaseError('Short.', { metaMessages: ['Path: a/b'], details: 'why', docsPath: '#x' })
    expect(error.message).toBe(
      'Short.\n\nPath: a/b\n\nDetails: why\n\nDocs: packages/minikit/README.md#x\nVersion: @worldmap/minikit@0.1.0',
    )
    expect(error.shortMessage).toBe('Short.')
    expect(error.docsPath).toBe('#x')
  })

  test('behavior: a subclass links its README section; shortMessage keeps the spec text alone', () => {
    const error = new CommandUnavailableError('pay')
    expect(error.shortMessage).toBe("'pay' command is unavailable. Check MiniKit.install() or update the app version")
    expect(error.message).toBe(`${error.shortMessage}\n\nDocs: ${DOCS_BASE_URL}#commandunavailableerror\n${FOOTER}`)
  })

  test('behavior: a caller may point a subclass at another docs section', () => {
    expect(new InvalidPayloadError('Bad.', { docsPath: '/commands/pay' }).docsPath).toBe('/commands/pay')
    // The narrower class keeps its own section, not its parent's.
    expect(new CurrentUrlUnavailableError().docsPath).toBe('#currenturlunavailableerror')
  })
})

describe('walk', () => {
  // Three deep: the command error, the SDK error it wraps, the native root cause.
  const root = new TypeError('postMessage failed')
  const middle = new InvalidPayloadError('Invalid input', { cause: root })
  const top = new CommandAbortedError('pay', middle)

  test('default: without a predicate, the deepest error of the chain', () => {
    expect(top.walk()).toBe(root)
    expect(middle.walk()).toBe(root)
  })

  test('behavior: with a predicate, the first match starting with the error itself', () => {
    expect(top.walk((error) => error instanceof BaseError)).toBe(top)
    expect(top.walk((error) => error instanceof InvalidPayloadError)).toBe(middle)
    expect(top.walk((error) => error instanceof TypeError)).toBe(root)
    expect(top.walk((error) => error.message === 'no such error')).toBeNull()
  })

  test('behavior: a type-guard predicate narrows the result', () => {
    const found = top.walk((error): error is InvalidPayloadError => error instanceof InvalidPayloadError)
    expect(found?.command).toBeUndefined()
    expect(found?.code).toBe('invalid_payload')
  })

  test('behavior: a non-error cause (an abort reason) ends the chain', () => {
    const aborted = new CommandAbortedError('pay', 'reset')
    expect(aborted.cause).toBe('reset')
    expect(aborted.walk()).toBe(aborted)
    expect(aborted.walk((error) => error !== aborted)).toBeNull()
  })

  test('behavior: a cause cycle ends the walk instead of looping', () => {
    const a = new BaseError('a')
    const b = new BaseError('b', { cause: a })
    Object.defineProperty(a, 'cause', { value: b })
    expect(a.walk()).toBe(b)
    expect(a.walk((error) => error.message === 'x')).toBeNull()
  })
})

describe('VERSION', () => {
  test('default: the package and version package.json names (pnpm version-packages keeps them together)', () => {
    const manifest = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../package.json'), 'utf8'))
    expect(VERSION).toBe(`${manifest.name}@${manifest.version}`)
  })
})

describe('every error class', () => {
  // Built from strings: under happy-dom the global `URL` is not Node's.
  const readme = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../README.md'), 'utf8')
  const anchors = new Set(
    [...readme.matchAll(/^#{2,4} +`?([A-Za-z]+)`?\s*$/gm)].map(([, heading]) => `#${heading?.toLowerCase()}`),
  )

  test.each<{ error: BaseError; code: string }>([
    { error: new BridgeDecryptionError(), code: 'bridge_decryption_failed' },
    { error: new BridgeExpiredError(300_000), code: 'bridge_expired' },
    { error: new BridgeRequestError('Failed to create client', { operation: 'create' }), code: 'bridge_request_failed' },
    { error: new BridgeResponseError('The wallet response has an unexpected shape.'), code: 'bridge_response_invalid' },
    { error: new BridgeUrlError(['Bridge URL must use HTTPS.']), code: 'bridge_url_invalid' },
    { error: new CommandAbortedError('pay'), code: 'command_aborted' },
    { error: new CommandTimeoutError('pay', 10), code: 'command_timeout' },
    { error: new CommandUnavailableError('pay'), code: 'command_unavailable' },
    {
      error: new CommandUnavailableError('pay', "'pay' is unavailable: the page is not running inside World App"),
      code: 'command_unavailable',
    },
    { error: new CryptoUnavailableError(), code: 'crypto_unavailable' },
    { error: new CurrentUrlUnavailableError(), code: 'current_url_unavailable' },
    { error: new FallbackRequiredError('pay'), code: 'fallback_required' },
    { error: new HostUnavailableError(), code: 'host_unavailable' },
    { error: new InvalidPayloadError('Invalid input'), code: 'invalid_payload' },
    { error: new MalformedReplyError('miniapp-payment'), code: 'malformed_reply' },
    { error: new MissingKeypairError(), code: 'missing_keypair' },
    {
      error: new SendTransactionError('input_error', { reason: 'At least one transaction is required.' }) as unknown as BaseError,
      code: 'input_error',
    },
    { error: new SignMessageError('user_rejected'), code: 'user_rejected' },
    { error: new SignTypedDataError('invalid_contract'), code: 'invalid_contract' },
    { error: new SiweParseError("Missing 'Nonce: '"), code: 'malformed_message' },
    { error: new SiweVerificationError('nonce_mismatch', 'Nonce mismatch'), code: 'nonce_mismatch' },
    { error: new TransactionFailedError('tx_1'), code: 'transaction_failed' },
    { error: new TransactionRevertedError('0xabc'), code: 'transaction_reverted' },
    { error: new TransactionStatusError({ status: 404 }), code: 'transaction_status_error' },
    { error: new TransactionStatusTimeoutError('tx_1', 60_000), code: 'transaction_status_timeout' },
    { error: new UnsupportedPlatformError(), code: 'unsupported_platform' },
    { error: new UsernamesServiceError('Usernames service answered 404', { status: 404 }), code: 'usernames_service_error' },
    { error: new WalletAuthError('user_rejected', 'User rejected the request.'), code: 'user_rejected' },
    { error: new AttestationError('unauthorized'), code: 'unauthorized' },
    { error: new ChatError('send_failed'), code: 'send_failed' },
    { error: new GetPermissionsError('generic_error'), code: 'generic_error' },
    { error: new PayError('insufficient_balance'), code: 'insufficient_balance' },
    { error: new RequestPermissionError('already_granted'), code: 'already_granted' },
    { error: new SendHapticFeedbackError('user_rejected'), code: 'user_rejected' },
    { error: new ShareContactsError('user_rejected'), code: 'user_rejected' },
    { error: new ShareError('invalid_file_name'), code: 'invalid_file_name' },
  ])('behavior: $error.name has its code, a README section and the version line', ({ error, code }) => {
    expect(error).toBeInstanceOf(BaseError)
    expect(error.code).toBe(code)
    expect(error.docsPath).toBe(`#${error.name.toLowerCase()}`)
    expect(anchors).toContain(error.docsPath)
    expect(error.message).toContain(`\nDocs: ${DOCS_BASE_URL}${error.docsPath}\n${FOOTER}`)
    expect(error.message.endsWith(FOOTER)).toBe(true)
    expect(error.shortMessage).not.toContain('Version:')
  })
})
