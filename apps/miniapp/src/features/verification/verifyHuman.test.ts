import type { VerifyInput, VerifyResult } from '@worldmap/minikit'
import { CommandUnavailableError } from '@worldmap/minikit'
import fc from 'fast-check'
import { expect, test, vi } from 'vitest'
import { toVerifyHumanError } from './toVerifyHumanError.js'
import { VerifyHumanError } from './VerifyHumanError.js'
import { verifyHuman } from './verifyHuman.js'

const uid = '0x52908400098527886E0F7030069857D2E4169EE7'
const action = 'verify-human'
const proof: VerifyResult = {
  status: 'success',
  proof: '0x1234',
  merkle_root: '0xabc',
  nullifier_hash: '0xdef',
  verification_level: 'orb',
  version: 1,
}

const deps = (reply: VerifyResult = proof, answer: unknown = { verifiedLevel: 'orb' }) => ({
  verify: vi.fn(async (_input: VerifyInput) => reply),
  callVerifyHuman: vi.fn(async () => answer),
})

test('default: verify-human with the uid as signal at Orb, then the proof to the callable', async () => {
  const dependencies = deps()
  await expect(verifyHuman({ uid, action }, dependencies)).resolves.toBe('orb')
  expect(dependencies.verify).toHaveBeenCalledWith({ action: 'verify-human', signal: uid, verification_level: 'orb' })
  // Exactly the callable's input (verifyHumanContract's request): no status, no version.
  expect(dependencies.callVerifyHuman).toHaveBeenCalledWith({
    proof: '0x1234',
    merkle_root: '0xabc',
    nullifier_hash: '0xdef',
    verification_level: 'orb',
  })
})

test('parameters: the configured action is the one asked for', async () => {
  const dependencies = deps()
  await verifyHuman({ uid, action: 'prove-human-prod' }, dependencies)
  expect(dependencies.verify).toHaveBeenCalledWith(expect.objectContaining({ action: 'prove-human-prod' }))
})

test('parameters: another level is asked for; the server answers the level it recorded', async () => {
  const dependencies = deps({ ...proof, verification_level: 'device' }, { verifiedLevel: 'orb' })
  await expect(verifyHuman({ uid, action, level: 'device' }, dependencies)).resolves.toBe('orb')
  expect(dependencies.verify).toHaveBeenCalledWith(expect.objectContaining({ verification_level: 'device' }))
})

test('error: a World App error reply keeps its error_code on the error, not in the text, and nothing reaches the server', async () => {
  const dependencies = deps({ status: 'error', error_code: 'verification_rejected', version: 1 })
  const error = await verifyHuman({ uid, action }, dependencies).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(VerifyHumanError)
  expect(error).toMatchObject({
    code: 'wallet_error',
    walletErrorCode: 'verification_rejected',
    message: 'You declined the verification in World App.',
  })
  expect(dependencies.callVerifyHuman).not.toHaveBeenCalled()

  const other = deps({ status: 'error', error_code: 'inclusion_proof_failed', version: 1 })
  await expect(verifyHuman({ uid, action }, other)).rejects.toMatchObject({
    walletErrorCode: 'inclusion_proof_failed',
    message: 'World App could not verify you. Try again.',
  })
})

test('error: a command that cannot run (outside World App) is a plain sentence; the SDK text stays on reason', async () => {
  const unavailable = { ...deps(), verify: vi.fn(async () => Promise.reject(new CommandUnavailableError('verify'))) }
  await expect(verifyHuman({ uid, action }, unavailable)).rejects.toMatchObject({
    code: 'command_failed',
    reason: "'verify' command is unavailable. Check MiniKit.install() or update the app version",
    message: 'Verification could not start. Open WorldMap in World App and try again.',
  })
  const odd = { ...deps(), verify: vi.fn(async () => Promise.reject('timeout')) }
  await expect(verifyHuman({ uid, action }, odd)).rejects.toMatchObject({
    reason: 'timeout',
    message: 'Verification could not start. Open WorldMap in World App and try again.',
  })
})

test('error: server refusals become their readable messages', async () => {
  const refuse = (error: unknown) => ({ ...deps(), callVerifyHuman: vi.fn(async () => Promise.reject(error)) })
  const httpsError = (callable: string, code?: string) =>
    Object.assign(new Error('x'), { code: `functions/${callable}`, ...(code ? { details: { code } } : {}) })

  await expect(verifyHuman({ uid, action }, refuse(httpsError('permission-denied', 'proof_rejected')))).rejects.toMatchObject({
    code: 'proof_rejected',
    message: 'World ID proof was rejected. Try again.',
  })
  await expect(verifyHuman({ uid, action }, refuse(httpsError('already-exists', 'human_already_linked')))).rejects.toThrow(
    'This World ID already verified another account.',
  )
  await expect(verifyHuman({ uid, action }, deps(proof, { verifiedLevel: 'platinum' }))).rejects.toMatchObject({
    code: 'unknown',
  })
})

test('behavior: toVerifyHumanError reads details.code, then the callable code, then the kind of failure', () => {
  const cases: [unknown, string, string][] = [
    [
      { code: 'functions/invalid-argument', details: { code: 'invalid_proof_payload' } },
      'invalid_proof_payload',
      'World ID proof is malformed.',
    ],
    [
      { code: 'functions/unavailable', details: { code: 'verifier_unavailable' } },
      'verifier_unavailable',
      'World ID verification is unavailable right now. Try again later.',
    ],
    [
      { code: 'functions/resource-exhausted', details: { code: 'verify_rate_limited', retryAfterMs: 600_000 } },
      'verify_rate_limited',
      'Too many verification attempts right now. Try again in a little while.',
    ],
    [
      { code: 'functions/resource-exhausted' },
      'verify_rate_limited',
      'Too many verification attempts right now. Try again in a little while.',
    ],
    [{ code: 'functions/unauthenticated' }, 'unauthenticated', 'Sign in again to verify.'],
    [
      { code: 'functions/permission-denied', details: { code: 'mystery' } },
      'proof_rejected',
      'World ID proof was rejected. Try again.',
    ],
    [{ code: 'functions/deadline-exceeded' }, 'network', 'No connection to the server. Try again.'],
    [new TypeError('Failed to fetch'), 'network', 'No connection to the server. Try again.'],
    [{ code: 'functions/internal', details: null }, 'unknown', 'Something went wrong. Try again.'],
    [null, 'unknown', 'Something went wrong. Try again.'],
  ]
  for (const [input, code, message] of cases) expect(toVerifyHumanError(input)).toMatchObject({ code, message })
  const known = new VerifyHumanError('network')
  expect(toVerifyHumanError(known)).toBe(known)
  expect(new VerifyHumanError('wallet_error').message).toBe('World App could not verify you. Try again.')
  expect(new VerifyHumanError('wallet_error', { walletErrorCode: 'toString' }).message).toBe(
    'World App could not verify you. Try again.',
  )
  expect(new VerifyHumanError('command_failed').message).toBe(
    'Verification could not start. Open WorldMap in World App and try again.',
  )
})

test('property: the shown text never carries a wallet code or the SDK reason', () => {
  // Codes and reasons are snake_case or SDK prose; sentences we write never contain `_`, `(` or `:`.
  const code = fc.stringMatching(/^[a-z]+(_[a-z]+)+$/)
  fc.assert(
    fc.property(code, fc.string({ minLength: 12 }), (walletErrorCode, reason) => {
      const wallet = new VerifyHumanError('wallet_error', { walletErrorCode, reason })
      const command = new VerifyHumanError('command_failed', { walletErrorCode, reason })
      for (const error of [wallet, command]) {
        expect(error.message).not.toContain(walletErrorCode)
        expect(error.message).not.toContain(reason)
        expect(error.message).toMatch(/^[A-Z][^_():]*\.$/)
      }
      expect(wallet.walletErrorCode).toBe(walletErrorCode)
      expect(command.reason).toBe(reason)
    }),
  )
})
