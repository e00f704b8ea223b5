// What both cross-client pages share: how one call is timed and recorded, the
// inputs every client gets, and the scripted-behaviour scenarios. The test
// reads the results from Node and checks them (signatures with viem, SIWE and
// proofs with the verifiers), so the pages only call and record.

/** One call as the page saw it: what it resolved with, or why it did not. */
export type Outcome = { ok: true; value: unknown; ms: number } | { ok: false; error: string; ms: number; timedOut?: boolean }

export type Results = Record<string, Outcome>

export const NONCE = 'e2ecrossclient0001'
export const RECIPIENT = '0x2222222222222222222222222222222222222222'
export const TYPED_DATA = {
  types: {
    Drop: [
      { name: 'id', type: 'string' },
      { name: 'amount', type: 'uint256' },
    ],
  },
  primaryType: 'Drop',
  message: { id: 'drop-1', amount: '42' },
  domain: { name: 'WorldMap', version: '1', chainId: 480 },
}
/** mint(1) on the recipient, as calldata. */
export const MINT_CALLDATA = '0xa0712d680000000000000000000000000000000000000000000000000000000000000001'

// How long a call may take before it counts as never answering. Generous: a
// sign-in also looks up the username (refused at once here, but through
// Playwright's router, slow on a loaded CI machine). The call known never to
// answer (1.9.6's share) passes SILENCE_MS, so the page is not held up by it.
const TIMEOUT_MS = 6_000
/** For a call expected never to answer. */
export const SILENCE_MS = 1_500

/**
 * Run `call`, recording its value, its error or its silence (nothing within
 * `timeoutMs`), and how long it took.
 */
export async function attempt(call: () => unknown, timeoutMs = TIMEOUT_MS): Promise<Outcome> {
  const started = performance.now()
  const ms = () => Math.round(performance.now() - started)
  let timer: ReturnType<typeof setTimeout> | undefined
  const silence = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs)
  })
  try {
    const value = await Promise.race([Promise.resolve().then(call), silence])
    if (value === 'timeout') return { ok: false, error: `no answer within ${timeoutMs} ms`, ms: ms(), timedOut: true }
    return { ok: true, value, ms: ms() }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error), ms: ms() }
  } finally {
    clearTimeout(timer)
  }
}

type Behaviour = { outcome?: 'approve' | 'reject' | 'drop'; errorCode?: string; delay?: number; duplicate?: boolean }
const host = () =>
  (window as unknown as { worldmapSimulator: { setBehaviour(command: string, behaviour?: Behaviour): void } }).worldmapSimulator

/**
 * Rejected, delayed and duplicated replies, scripted on the simulator the
 * page runs in, through the client's own pay and signMessage.
 */
export async function scenarios(pay: () => unknown, signMessage: (message: string) => unknown): Promise<Results> {
  const results: Results = {}
  host().setBehaviour('pay', { outcome: 'reject', errorCode: 'insufficient_balance' })
  results.rejected = await attempt(pay)
  host().setBehaviour('pay', undefined)
  host().setBehaviour('sign-message', { delay: 300 })
  results.delayed = await attempt(() => signMessage('delayed reply'))
  host().setBehaviour('sign-message', { duplicate: true })
  results.duplicatedFirst = await attempt(() => signMessage('first of two'))
  host().setBehaviour('sign-message', undefined)
  // The duplicate of the first reply must not answer the next call.
  results.duplicatedNext = await attempt(() => signMessage('the next one'))
  return results
}
