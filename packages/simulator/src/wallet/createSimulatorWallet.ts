import { type Address, type Hex, keccak256, stringToBytes } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The simulator's default wallet key: derived from a fixed phrase so every
 * laptop and CI run signs in as the same address. It guards nothing; never
 * fund it.
 */
export const DEV_WALLET_PRIVATE_KEY: Hex = keccak256(stringToBytes('worldmap simulator dev wallet'))

/** A typed-data request as it arrives on the wire (numbers may be strings). */
export interface WireTypedData {
  types: Record<string, Array<{ name: string; type: string }>>
  primaryType: string
  message: Record<string, unknown>
  domain?: Record<string, unknown>
}

/** The simulator's wallet: a real local key that signs like World App does. */
export interface SimulatorWallet {
  address: Address
  /** Fill the `{address}` placeholder of a SIWE template and sign the result (EIP-191). */
  signSiwe(template: string): Promise<{ message: string; signature: Hex }>
  signMessage(message: string): Promise<Hex>
  signTypedData(data: WireTypedData): Promise<Hex>
}

/**
 * Create the wallet the simulator signs with.
 *
 * @example
 * ```ts
 * const wallet = createSimulatorWallet()
 * const { message, signature } = await wallet.signSiwe(siweTemplate)
 * ```
 */
export function createSimulatorWallet(privateKey: Hex = DEV_WALLET_PRIVATE_KEY): SimulatorWallet {
  const account = privateKeyToAccount(privateKey)
  return {
    address: account.address,
    async signSiwe(template) {
      const message = template.replace('{address}', account.address)
      return { message, signature: await account.signMessage({ message }) }
    },
    signMessage: (message) => account.signMessage({ message }),
    signTypedData({ types, primaryType, message, domain }) {
      // EIP712Domain is implied by `domain`; viem derives it itself.
      const { EIP712Domain: _, ...rest } = types
      return account.signTypedData({ types: rest, primaryType, message, domain: domain as never } as never)
    },
  }
}
