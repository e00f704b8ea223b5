import { type Address, decodeFunctionData, encodeFunctionData, erc20Abi, type Hex, isAddress, maxUint256 } from 'viem'

/** An ERC-20 call read out of send-transaction calldata. Amounts are the token's base units. */
export type Erc20Call =
  | { kind: 'transfer'; token: Address; to: Address; amount: bigint }
  | { kind: 'transferFrom'; token: Address; from: Address; to: Address; amount: bigint }
  | {
      kind: 'approve'
      token: Address
      spender: Address
      amount: bigint
      /** `type(uint256).max`: the spender may take every token the wallet holds, now and later. */
      unlimited: boolean
    }

// What the sheet reads out; anything else in erc20Abi (or any other contract) stays raw.
const READ = new Set(['transfer', 'transferFrom', 'approve'])
const HEX = /^0x(?:[0-9a-fA-F]{2})*$/

/**
 * The ERC-20 `transfer`, `transferFrom` or `approve` that `data` calls on
 * `token`, decoded with viem's `erc20Abi`; `undefined` for anything else:
 * another function, malformed or non-hex data, a non-address contract, or an
 * encoding that is not exactly the canonical one (trailing bytes, dirty
 * address padding). Those fall back to the sheet's raw view rather than a
 * readout that might not be what the token executes.
 *
 * @example
 * ```ts
 * readErc20Call('0x2cFc85d8E48F8EAB294be644d9E25C3030863003', '0xa9059cbb…')
 * // { kind: 'transfer', token: '0x2cFc…', to: '0x1234…', amount: 12500000000000000000n }
 * ```
 */
export function readErc20Call(token: unknown, data: unknown): Erc20Call | undefined {
  if (typeof token !== 'string' || !isAddress(token, { strict: false })) return undefined
  if (typeof data !== 'string' || data.length < 10 || !HEX.test(data)) return undefined
  // viem matches selectors in lower case; hex is hex in either.
  const calldata = data.toLowerCase() as Hex
  let decoded: ReturnType<typeof decodeFunctionData<typeof erc20Abi>>
  try {
    decoded = decodeFunctionData({ abi: erc20Abi, data: calldata })
  } catch {
    return undefined
  }
  if (!READ.has(decoded.functionName)) return undefined
  // Calldata a token would read differently from viem (extra bytes, non-zero padding) is not read out.
  const canonical = encodeFunctionData({ abi: erc20Abi, ...decoded } as Parameters<typeof encodeFunctionData>[0])
  if (canonical !== calldata) return undefined
  const args = decoded.args as readonly unknown[]
  switch (decoded.functionName) {
    case 'transfer':
      return { kind: 'transfer', token, to: args[0] as Address, amount: args[1] as bigint }
    case 'transferFrom':
      return { kind: 'transferFrom', token, from: args[0] as Address, to: args[1] as Address, amount: args[2] as bigint }
    default: {
      const amount = args[1] as bigint
      return { kind: 'approve', token, spender: args[0] as Address, amount, unlimited: amount === maxUint256 }
    }
  }
}
