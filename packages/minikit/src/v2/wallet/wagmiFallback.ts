// The web fallback 2.x wallet commands take outside World App: a wagmi
// config's web wallet signs in (SIWE), signs and sends. wagmi is an optional
// peer, loaded on first use (`import('wagmi/actions')`), so importing
// `./wagmi-fallback` costs an app nothing until a command runs outside World App.
import type { Config, Connector } from 'wagmi'
import { InvalidPayloadError } from '../../errors/InvalidPayloadError.js'
import { PartialExecutionError } from '../../errors/wallet/PartialExecutionError.js'
import { WagmiFallbackError } from '../../errors/wallet/WagmiFallbackError.js'
import { WORLD_CHAIN_ID } from '../../protocol/chain.js'
import { createSiweMessage } from '../../siwe/createSiweMessage.js'
import { checksumAddress, isAddress } from '../../utils/checksumAddress.js'
import {
  type FallbackAdapter,
  type FallbackSignatureData,
  type FallbackTransactionCall,
  type FallbackWalletAuthData,
  type FallbackWalletAuthInput,
  setFallbackAdapter,
} from '../fallbackAdapter.js'

type Hex = `0x${string}`
type WagmiActions = typeof import('wagmi/actions')

/** The connector id of our (and the official) World App connector, which the web fallback never uses outside World App. */
const WORLD_APP_CONNECTOR = 'worldApp'
// EIP-4361 nonces: letters and digits, at least 8 (the official fallback's rule too).
const SIWE_NONCE = /^[a-zA-Z0-9]{8,}$/
const HEX = /^0x[0-9a-fA-F]*$/

let load: () => Promise<WagmiActions> = () => import('wagmi/actions')

/** Tests only: replace how `wagmi/actions` is loaded (to see the not-installed error). */
export function setWagmiActionsLoader(loader: (() => Promise<WagmiActions>) | undefined): void {
  load = loader ?? (() => import('wagmi/actions'))
}

async function actions(): Promise<WagmiActions> {
  try {
    return await load()
  } catch (error) {
    throw new WagmiFallbackError(
      'wagmiNotInstalled',
      'The web fallback needs the "wagmi" package: install wagmi, or pass a fallback to the command',
      { cause: error },
    )
  }
}

const inWorldApp = () => typeof window !== 'undefined' && Boolean((window as { WorldApp?: unknown }).WorldApp)
const checksummed = (address: string): Hex => checksumAddress(address) ?? (address as Hex)

/**
 * The wallet to use: a connection that already has an account (outside
 * World App, not the World App connector), else the first connector that is
 * not World App's, connected now.
 */
async function ensureConnected(config: Config, wagmi: WagmiActions): Promise<{ address: Hex; connector: Connector }> {
  const worldApp = inWorldApp()
  const existing = wagmi
    .getConnections(config)
    .find((connection) => connection.accounts.length > 0 && (worldApp || connection.connector.id !== WORLD_APP_CONNECTOR))
  if (existing?.accounts[0]) return { address: checksummed(existing.accounts[0]), connector: existing.connector }
  const candidates = worldApp ? config.connectors : config.connectors.filter((c) => c.id !== WORLD_APP_CONNECTOR)
  const connector = candidates[0]
  if (!connector)
    throw new WagmiFallbackError(
      'noConnector',
      config.connectors.length === 0
        ? 'The wagmi config has no connectors'
        : 'The wagmi config has no web connector: add one (injected, walletConnect …) after worldApp()',
    )
  let accounts: readonly (Hex | { address: Hex })[]
  try {
    accounts = (await wagmi.connect(config, { connector })).accounts
  } catch (error) {
    throw new WagmiFallbackError(
      'connectFailed',
      `The wallet "${connector.id}" did not connect (reorder the connectors to choose another)`,
      { cause: error },
    )
  }
  const first = accounts[0]
  const address = typeof first === 'string' ? first : first?.address
  if (!address) throw new WagmiFallbackError('connectFailed', `The wallet "${connector.id}" connected without an account`)
  return { address: checksummed(address), connector }
}

/**
 * The wagmi web fallback over `config`: each method connects the web wallet
 * when needed, then signs or sends with wagmi's actions.
 *
 * @example
 * ```ts
 * setFallbackAdapter(createWagmiFallback(wagmiConfig)) // what registerWagmiFallback does
 * ```
 */
export function createWagmiFallback(config: Config): Required<FallbackAdapter> {
  return {
    walletAuth: (input) => signInWithWagmi(config, input),

    async signMessage({ message }): Promise<FallbackSignatureData> {
      const wagmi = await actions()
      const { address, connector } = await ensureConnected(config, wagmi)
      const signature = await wagmi.signMessage(config, { connector, account: address, message })
      return { status: 'success', version: 1, signature, address }
    },

    async signTypedData(input): Promise<FallbackSignatureData> {
      const wagmi = await actions()
      const { address, connector } = await ensureConnected(config, wagmi)
      if (input.chainId !== undefined && wagmi.getChainId(config) !== input.chainId)
        await wagmi.switchChain(config, { chainId: input.chainId, connector })
      const signature = await wagmi.signTypedData(config, {
        connector,
        account: address,
        types: input.types,
        primaryType: input.primaryType,
        ...(input.domain ? { domain: input.domain } : {}),
        message: input.message,
      } as Parameters<WagmiActions['signTypedData']>[1])
      return { status: 'success', version: 1, signature, address }
    },

    sendTransaction: ({ transactions, chainId }) => sendBatch(config, transactions, chainId),
  }
}

/** Sign in with the web wallet: World App's SIWE message layout for this page, signed with wagmi. */
async function signInWithWagmi(config: Config, input: FallbackWalletAuthInput): Promise<FallbackWalletAuthData> {
  // Checked before a wallet opens: a bad nonce is the caller's bug, not the player's.
  if (!SIWE_NONCE.test(input.nonce))
    throw new InvalidPayloadError("'nonce' must be alphanumeric and at least 8 characters (EIP-4361)", {
      command: 'wallet-auth',
    })
  const wagmi = await actions()
  const { address, connector } = await ensureConnected(config, wagmi)
  const page = typeof window === 'undefined' ? undefined : window.location
  // World App's layout (createSiweMessage), so one server-side parser reads both paths' messages.
  const message = createSiweMessage({
    domain: page?.host ?? 'localhost',
    address,
    ...(input.statement ? { statement: input.statement } : {}),
    uri: page?.origin ?? 'http://localhost',
    version: '1',
    chain_id: WORLD_CHAIN_ID,
    nonce: input.nonce,
    issued_at: new Date().toISOString(),
    ...(input.expirationTime ? { expiration_time: input.expirationTime.toISOString() } : {}),
    ...(input.notBefore ? { not_before: input.notBefore.toISOString() } : {}),
    ...(input.requestId ? { request_id: input.requestId } : {}),
  })
  const signature = await wagmi.signMessage(config, { connector, account: address, message })
  return { address, message, signature }
}

/** Where a batch is sent: wagmi's config, the connected wallet, and the chain it must be on (none: wherever it is). */
interface BatchTarget {
  config: Config
  wagmi: WagmiActions
  connector: Connector
  address: Hex
  chainId: number | undefined
}

/**
 * The wallet, not only wagmi's state, must be on the target chain: sending
 * on another chain would spend on the wrong network.
 */
async function ensureChain({ config, wagmi, connector, chainId }: BatchTarget): Promise<void> {
  if (chainId === undefined) return
  if (wagmi.getChainId(config) !== chainId) await wagmi.switchChain(config, { chainId, connector })
  const client = await wagmi.getWalletClient(config, { connector })
  const current = await client.getChainId()
  if (current !== chainId)
    throw new WagmiFallbackError(
      'wrongChain',
      `The wallet is on chain ${current}, not ${chainId}: switch networks in the wallet and retry`,
    )
}

/** Send one call on the target chain; when the wallet moved to another chain between calls, switch back once and retry. */
async function sendOnTarget(target: BatchTarget, call: Call): Promise<Hex> {
  const { config, wagmi, connector, address, chainId } = target
  const send = () =>
    wagmi.sendTransaction(config, {
      connector,
      account: address,
      ...(chainId === undefined ? {} : { chainId }),
      to: call.to,
      ...(call.data ? { data: call.data } : {}),
      ...(call.value === undefined ? {} : { value: call.value }),
    } as Parameters<WagmiActions['sendTransaction']>[1])
  try {
    return await send()
  } catch (error) {
    if (chainId === undefined || !String((error as Error)?.message).includes('does not match the target chain')) throw error
    await ensureChain(target)
    return send()
  }
}

/** Send a checked batch one call after the other, as World App runs one: a later call may need an earlier one. */
async function sendBatch(
  config: Config,
  transactions: FallbackTransactionCall[],
  chainId: number | undefined,
): Promise<{ transactionHash: Hex }> {
  const calls = checkBatch(transactions)
  const wagmi = await actions()
  const { address, connector } = await ensureConnected(config, wagmi)
  const target: BatchTarget = { config, wagmi, connector, address, chainId: chainId ?? config.chains[0]?.id }
  await ensureChain(target)
  const submitted: Hex[] = []
  for (const [index, call] of calls.entries()) {
    try {
      submitted.push(await sendOnTarget(target, call))
    } catch (error) {
      if (submitted.length > 0) throw new PartialExecutionError(index, calls.length, submitted, error)
      throw error
    }
  }
  return { transactionHash: submitted[submitted.length - 1] as Hex }
}

interface Call {
  to: Hex
  data?: Hex
  value?: bigint
}

/** The batch as wagmi takes it; a bad call rejects the whole batch before anything is sent. */
function checkBatch(transactions: readonly FallbackTransactionCall[]): Call[] {
  const bad = (message: string) => new InvalidPayloadError(message, { command: 'send-transaction' })
  if (transactions.length === 0) throw bad('At least one transaction is required')
  return transactions.map((tx, i) => {
    if (!isAddress(tx.to)) throw bad(`Transaction ${i + 1}: "to" must be a 20-byte 0x address`)
    if (tx.data !== undefined && !HEX.test(tx.data)) throw bad(`Transaction ${i + 1}: "data" must be 0x hex`)
    let value: bigint | undefined
    if (tx.value !== undefined && tx.value !== '') {
      try {
        value = BigInt(tx.value)
      } catch {
        throw bad(`Transaction ${i + 1}: "value" must be a decimal or 0x number`)
      }
      if (value < 0n) throw bad(`Transaction ${i + 1}: "value" cannot be negative`)
    }
    return {
      to: tx.to,
      ...(tx.data !== undefined && tx.data !== '0x' ? { data: tx.data as Hex } : {}),
      ...(value === undefined ? {} : { value }),
    }
  })
}

/**
 * Route the 2.x wallet commands (walletAuth, signMessage, signTypedData,
 * sendTransaction) outside World App through `config`'s web wallet. Call it
 * once at startup; inside World App the commands still go to World App.
 *
 * @example
 * ```ts
 * import { createConfig, http, injected } from 'wagmi'
 * import { worldchain } from 'wagmi/chains'
 * import { registerWagmiFallback } from '@worldmap/minikit/wagmi-fallback'
 *
 * const config = createConfig({ chains: [worldchain], connectors: [injected()], transports: { [worldchain.id]: http() } })
 * registerWagmiFallback(config)
 * const { executedWith } = await MiniKit.walletAuth({ nonce }) // 'wagmi' in a desktop browser
 * ```
 */
export function registerWagmiFallback(config: Config): void {
  setFallbackAdapter(createWagmiFallback(config))
}
