import { bytesToHex, type Hex, keccak256, stringToBytes } from 'viem'
import { english, mnemonicToAccount } from 'viem/accounts'

const MNEMONIC_LENGTHS = [12, 15, 18, 21, 24]

/**
 * The wallet key for `--seed`: a BIP-39 English mnemonic gives its first
 * account (m/44'/60'/0'/0/0, as wallets derive it), so a team can sign in as
 * a wallet they already use on a testnet; any other text is hashed, so
 * `--seed alice` is the same address on every laptop.
 *
 * @example
 * ```ts
 * walletKeyFromSeed('test test test test test test test test test test test junk') // Anvil's account 0 key
 * walletKeyFromSeed('alice') // keccak256("worldmap simulator wallet:alice")
 * ```
 */
export function walletKeyFromSeed(seed: string): Hex {
  const words = seed.trim().toLowerCase().split(/\s+/)
  if (MNEMONIC_LENGTHS.includes(words.length) && words.every((word) => english.includes(word))) {
    const key = mnemonicToAccount(words.join(' ')).getHdKey().privateKey
    if (key) return bytesToHex(key)
  }
  return keccak256(stringToBytes(`worldmap simulator wallet:${seed}`))
}
