// Every token World App pays in (2.x's nine; the root keeps 1.9.6's two).
import { WORLD_CHAIN_ID } from '@worldmap/minikit'
import { TokenDecimals } from '@worldmap/minikit/commands'
import { formatEther, formatUnits } from 'viem'
import { parseSiweMessage } from 'viem/siwe'
import type { ConsentRequest } from '../host/createSimulator.js'
import { type Erc20Call, readErc20Call } from './readErc20Call.js'

/** One labelled line of a sheet. */
export interface SheetField {
  label: string
  value: string
  /** Full text copied when the value is clicked (addresses shown shortened). */
  copy?: string
  mono?: boolean
  /** Something a person must not approve without reading (an unlimited token approval). */
  warning?: boolean
}

/** A file a share sheet previews. */
export interface SheetFile {
  name: string
  type: string
  size: number
  /** Where an image's thumbnail comes from: a data URL (Android) or the File itself (iOS). */
  image?: string | Blob
}

/** What a consent sheet shows for one request: plain data, rendered with textContent only. */
export interface SheetModel {
  title: string
  /** The line under the title: who asks for what. */
  lead: string
  /** A risk shown under the lead, before any field (an unlimited token approval). */
  warning?: string
  fields: SheetField[]
  /** A long text shown whole (the SIWE message, a message to sign, typed data). */
  block?: { label: string; text: string }
  files?: SheetFile[]
  approve: string
  reject: string
}

const LEVELS: Record<string, string> = {
  orb: 'Orb',
  secure_document: 'Secure document',
  document: 'Document',
  device: 'Device',
}
const PERMISSIONS: Record<string, string> = {
  notifications: 'send you notifications',
  contacts: 'see your contacts',
  microphone: 'use your microphone',
}
// Wire symbols as World App names them to people.
const TOKEN_NAMES: Record<string, string> = { USDCE: 'USDC' }
const DECIMALS: Record<string, number> = { ...TokenDecimals }

/** `0x1234…abcd`: enough to recognise an address, short enough for a phone row. */
export const shortAddress = (address: string): string =>
  /^0x[0-9a-fA-F]{40}$/.test(address) ? `${address.slice(0, 6)}…${address.slice(-4)}` : address

/**
 * A base-unit amount in token units: `"500000"` USDCE is `"0.5 USDC"`.
 * Tokens without known decimals show their base units, never a wrong amount.
 */
export function formatTokenAmount(symbol: string, baseUnits: string): string {
  const decimals = Object.hasOwn(DECIMALS, symbol) ? DECIMALS[symbol] : undefined
  const name = TOKEN_NAMES[symbol] ?? symbol
  if (decimals === undefined || !/^\d+$/.test(baseUnits)) return `${baseUnits} ${name} (base units)`
  return `${formatUnits(BigInt(baseUnits), decimals)} ${name}`
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1_000],
]

/** "in 7 days", "2 hours ago": the largest whole unit, as a person says it. */
export function relativeTime(date: Date, now: number = Date.now()): string {
  const diff = date.getTime() - now
  const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diff) >= ms || unit === 'second') return format.format(Math.round(diff / ms), unit)
  }
  return format.format(0, 'second')
}

const absoluteTime = (date: Date) =>
  date.toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).concat(' UTC')

/** `{address}` replaced exactly as the simulator's wallet does before it signs (first occurrence). */
export const fillSiweTemplate = (template: string, address: string): string => template.replace('{address}', address)

const text = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''))
const wei = (value: unknown): string => {
  try {
    return `${formatEther(BigInt(typeof value === 'string' || typeof value === 'number' ? value : 0))} ETH`
  } catch {
    return `${text(value)} (unreadable)`
  }
}
const addressField = (label: string, address: unknown): SheetField => ({
  label,
  value: shortAddress(text(address)),
  copy: text(address),
  mono: true,
})

function walletAuth({ payload, address, domain }: ConsentRequest): SheetModel {
  const message = fillSiweTemplate(text(payload.siweMessage), address)
  const fields: SheetField[] = [{ label: 'App', value: domain }, addressField('Signing wallet', address)]
  let siwe: ReturnType<typeof parseSiweMessage> = {}
  try {
    siwe = parseSiweMessage(message)
  } catch {
    // An unparsable message still shows whole below; the reply decides if it is valid.
  }
  if (siwe.statement) fields.push({ label: 'Statement', value: siwe.statement })
  if (siwe.expirationTime) {
    const expires = siwe.expirationTime
    const words = expires.getTime() > Date.now() ? `Expires ${relativeTime(expires)}` : `Expired ${relativeTime(expires)}`
    fields.push({ label: 'Expiry', value: `${words} (${absoluteTime(expires)})` })
  } else fields.push({ label: 'Expiry', value: 'Never expires' })
  if (siwe.notBefore) {
    fields.push({ label: 'Valid from', value: `Not before ${absoluteTime(siwe.notBefore)} (${relativeTime(siwe.notBefore)})` })
  }
  return {
    title: 'Sign in with World App',
    lead: `${siwe.domain ?? domain} wants you to sign in with your wallet`,
    fields,
    block: { label: 'Message you sign', text: message },
    approve: 'Sign in',
    reject: 'Cancel',
  }
}

function pay({ payload, domain }: ConsentRequest): SheetModel {
  const tokens = Array.isArray(payload.tokens) ? (payload.tokens as { symbol?: unknown; token_amount?: unknown }[]) : []
  return {
    title: 'Confirm payment',
    lead: `${domain} asks you to pay`,
    fields: [
      ...tokens.map((token, index) => ({
        label: tokens.length > 1 ? `Amount ${index + 1}` : 'Amount',
        value: formatTokenAmount(text(token.symbol), text(token.token_amount)),
      })),
      addressField('To', payload.to),
      { label: 'Description', value: text(payload.description) },
      { label: 'Network', value: 'World Chain' },
      { label: 'Reference', value: text(payload.reference), mono: true },
    ],
    approve: 'Pay',
    reject: 'Cancel',
  }
}

/**
 * World Chain's tokens by contract address (lower case): the two `pay`
 * tokens, which World App names and counts in whole tokens. Any other token's
 * decimals live on chain, where the simulator reads nothing, so its amounts
 * stay in base units.
 */
const WORLD_CHAIN_TOKENS: Readonly<Record<string, { name: string; decimals: number }>> = {
  '0x2cfc85d8e48f8eab294be644d9e25c3030863003': { name: 'WLD', decimals: TokenDecimals.WLD },
  '0x79a02482a880bce3f13e09da970dc34db4cd24d1': { name: 'USDC', decimals: TokenDecimals.USDCE },
}

/** A known token of a World Chain call, or `undefined`. */
function knownToken(call: Erc20Call, chainId: unknown): { name: string; decimals: number } | undefined {
  if (chainId !== WORLD_CHAIN_ID) return undefined
  const address = call.token.toLowerCase()
  return Object.hasOwn(WORLD_CHAIN_TOKENS, address) ? WORLD_CHAIN_TOKENS[address] : undefined
}

/** A token amount in base units, digits grouped: a token whose decimals the simulator does not know. */
const baseUnits = (amount: bigint) => `${amount.toLocaleString('en')} base unit${amount === 1n ? '' : 's'}`

/** The rows reading out one ERC-20 call, and the warning an unlimited approval carries. */
function erc20Fields(call: Erc20Call, n: string, chainId: unknown): { fields: SheetField[]; warning?: string } {
  const known = knownToken(call, chainId)
  const token = known?.name ?? shortAddress(call.token)
  // `12.5 WLD` for a known token, `12,500,000 base units of 0x2cFc…3003` for any other.
  const amount = (value: bigint) =>
    known ? `${formatUnits(value, known.decimals)} ${known.name}` : `${baseUnits(value)} of ${token}`
  const tokenField = addressField(`Token${n}`, call.token)
  switch (call.kind) {
    case 'transfer':
      return {
        fields: [
          { label: `Action${n}`, value: `Transfer ${amount(call.amount)} to ${shortAddress(call.to)}` },
          tokenField,
          addressField(`Recipient${n}`, call.to),
        ],
      }
    case 'transferFrom':
      return {
        fields: [
          {
            label: `Action${n}`,
            value: `Move ${amount(call.amount)} from ${shortAddress(call.from)} to ${shortAddress(call.to)}`,
          },
          tokenField,
          addressField(`From${n}`, call.from),
          addressField(`Recipient${n}`, call.to),
        ],
      }
    default: {
      const spender = shortAddress(call.spender)
      if (!call.unlimited) {
        return {
          fields: [
            { label: `Action${n}`, value: `Allow ${spender} to spend up to ${amount(call.amount)}` },
            tokenField,
            addressField(`Spender${n}`, call.spender),
          ],
        }
      }
      return {
        fields: [
          {
            label: `Action${n}`,
            value: `Unlimited approval: ${spender} may spend all your ${token}, now and later`,
            warning: true,
          },
          tokenField,
          addressField(`Spender${n}`, call.spender),
        ],
        warning: `Unlimited approval: ${spender} could take every ${token} token this wallet holds, now or later. Approve only a spender you trust.`,
      }
    }
  }
}

function sendTransaction({ payload, domain }: ConsentRequest): SheetModel {
  const fields: SheetField[] = []
  const warnings: string[] = []
  if (Array.isArray(payload.transactions)) {
    // Version 2: calldata, no ABI. ERC-20 transfers and approvals are read out; anything else stays raw.
    const calls = payload.transactions as ({ to?: unknown; data?: unknown; value?: unknown } | null)[]
    // Whether a call was read out for a token whose decimals are not known (its amounts in base units).
    let inBaseUnits = false
    calls.forEach((entry, index) => {
      const call = entry ?? {}
      const n = calls.length > 1 ? ` ${index + 1}` : ''
      const data = typeof call.data === 'string' ? call.data : '0x'
      const erc20 = readErc20Call(call.to, call.data)
      if (erc20) {
        if (!knownToken(erc20, payload.chainId)) inBaseUnits = true
        const read = erc20Fields(erc20, n, payload.chainId)
        fields.push(...read.fields)
        if (read.warning) warnings.push(read.warning)
      } else fields.push(addressField(`Contract${n}`, call.to))
      fields.push({
        label: `Call data${n}`,
        value: data.length > 2 ? `${data.slice(0, 10)} (${Math.floor((data.length - 2) / 2)} bytes)` : 'none (plain transfer)',
        mono: true,
      })
      fields.push({ label: `Value${n}`, value: wei(call.value ?? '0') })
    })
    fields.push({
      label: 'Network',
      value: payload.chainId === WORLD_CHAIN_ID ? `World Chain (${WORLD_CHAIN_ID})` : `Chain ${text(payload.chainId)}`,
    })
    // Honest units: an unknown token's decimals live on chain, and the simulator reads nothing from a chain.
    if (inBaseUnits) fields.push({ label: 'Amounts', value: "In the token's base units: its decimals are not known offline" })
  } else {
    const calls = Array.isArray(payload.transaction)
      ? (payload.transaction as { address?: unknown; functionName?: unknown; args?: unknown; value?: unknown }[])
      : []
    calls.forEach((call, index) => {
      const n = calls.length > 1 ? ` ${index + 1}` : ''
      fields.push(addressField(`Contract${n}`, call.address))
      fields.push({ label: `Function${n}`, value: text(call.functionName), mono: true })
      fields.push({ label: `Arguments${n}`, value: JSON.stringify(call.args ?? []), mono: true })
      fields.push({ label: `Value${n}`, value: wei(call.value ?? '0') })
    })
    if (Array.isArray(payload.permit2) && payload.permit2.length) {
      fields.push({ label: 'Token approvals', value: `${payload.permit2.length} Permit2 transfer(s)` })
    }
    fields.push({ label: 'Network', value: 'World Chain' })
  }
  return {
    title: 'Confirm transaction',
    lead: `${domain} asks you to send a transaction`,
    ...(warnings.length ? { warning: warnings.join(' ') } : {}),
    fields,
    approve: 'Confirm',
    reject: 'Cancel',
  }
}

function signTypedData({ payload, address, domain }: ConsentRequest): SheetModel {
  const typedDomain = (payload.domain ?? {}) as Record<string, unknown>
  const domainText = ['name', 'version', 'chainId', 'verifyingContract']
    .filter((key) => typedDomain[key] !== undefined)
    .map((key) => `${key}: ${text(typedDomain[key])}`)
    .join(', ')
  return {
    title: 'Sign typed data',
    lead: `${domain} asks you to sign structured data`,
    fields: [
      addressField('Signing wallet', address),
      { label: 'Domain', value: domainText || 'none' },
      { label: 'Primary type', value: text(payload.primaryType), mono: true },
    ],
    block: { label: 'Message', text: JSON.stringify(payload.message ?? {}, null, 2) },
    approve: 'Sign',
    reject: 'Cancel',
  }
}

function share({ payload, domain }: ConsentRequest): SheetModel {
  const files = Array.isArray(payload.files) ? (payload.files as unknown[]) : []
  const fields: SheetField[] = []
  for (const [key, label] of [
    ['title', 'Title'],
    ['text', 'Text'],
    ['url', 'URL'],
  ] as const) {
    const value = payload[key]
    if (typeof value === 'string') fields.push({ label, value })
  }
  return {
    title: 'Share',
    lead: `${domain} wants to share`,
    fields,
    files: files.map((file): SheetFile => {
      if (typeof Blob !== 'undefined' && file instanceof Blob) {
        const named = file as Blob & { name?: string }
        return {
          name: named.name ?? 'file',
          type: file.type,
          size: file.size,
          ...(file.type.startsWith('image/') ? { image: file } : {}),
        }
      }
      const wire = file as { name?: unknown; type?: unknown; data?: unknown }
      const data = text(wire.data)
      const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0
      const type = text(wire.type)
      return {
        name: text(wire.name),
        type,
        size: Math.max(0, (data.length / 4) * 3 - padding),
        ...(type.startsWith('image/') ? { image: `data:${type};base64,${data}` } : {}),
      }
    }),
    approve: 'Share',
    reject: 'Cancel',
  }
}

/**
 * What World App's sheet shows for a consent request: the app asking, what
 * it asks, and the key values in the units a person reads (token units, ETH,
 * dates in words), so a developer sees what their user would see.
 *
 * @example
 * ```ts
 * describeRequest({ command: 'pay', payload, address, domain: 'localhost:5173' }).fields
 * ```
 */
export function describeRequest(request: ConsentRequest): SheetModel {
  const { command, payload, address, domain } = request
  switch (command) {
    case 'wallet-auth':
      return walletAuth(request)
    case 'pay':
      return pay(request)
    case 'send-transaction':
      return sendTransaction(request)
    case 'sign-typed-data':
      return signTypedData(request)
    case 'share':
      return share(request)
    case 'sign-message':
      return {
        title: 'Sign message',
        lead: `${domain} asks you to sign a message`,
        fields: [addressField('Signing wallet', address)],
        block: { label: 'Message', text: text(payload.message) },
        approve: 'Sign',
        reject: 'Cancel',
      }
    case 'verify':
      return {
        title: 'Verify with World ID',
        lead: `${domain} asks you to prove you are a unique human`,
        fields: [
          { label: 'Action', value: text(payload.action) },
          { label: 'Verification level', value: LEVELS[text(payload.verification_level)] ?? text(payload.verification_level) },
          ...(typeof payload.signal === 'string' && payload.signal
            ? [
                {
                  label: 'Signal hash',
                  value: `${payload.signal.slice(0, 10)}…${payload.signal.slice(-6)}`,
                  copy: payload.signal,
                  mono: true,
                },
              ]
            : []),
        ],
        approve: 'Verify',
        reject: 'Cancel',
      }
    case 'share-contacts':
      return {
        title: 'Share contacts',
        lead: `${domain} asks for ${payload.isMultiSelectEnabled ? 'some of your contacts' : 'one of your contacts'}`,
        fields: [
          { label: 'Selection', value: payload.isMultiSelectEnabled ? 'Several contacts' : 'One contact' },
          ...(typeof payload.inviteMessage === 'string' ? [{ label: 'Invite message', value: payload.inviteMessage }] : []),
        ],
        approve: 'Share contacts',
        reject: 'Cancel',
      }
    case 'request-permission':
      return {
        title: 'Allow permission',
        lead: `${domain} wants to ${PERMISSIONS[text(payload.permission)] ?? text(payload.permission)}`,
        fields: [{ label: 'Permission', value: text(payload.permission) }],
        approve: 'Allow',
        reject: "Don't allow",
      }
    default:
      return {
        title: command,
        lead: `${domain} asks for ${command}`,
        fields: [],
        block: { label: 'Payload', text: JSON.stringify(payload, null, 2) },
        approve: 'Approve',
        reject: 'Reject',
      }
  }
}
