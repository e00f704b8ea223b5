import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, test } from 'vitest'
import { createSimulatorWallet } from '../wallet/createSimulatorWallet.js'
import { describeRequest, formatTokenAmount, relativeTime } from './describeRequest.js'

const wallet = createSimulatorWallet()
const address = wallet.address
const domain = 'localhost:5173'
const DAY = 86_400_000
const value = (model: ReturnType<typeof describeRequest>, label: string) =>
  model.fields.find((field) => field.label === label)?.value

/** A SIWE template as the SDK sends it: `{address}` where the wallet goes. */
function siweTemplate(options: { expirationTime?: Date; notBefore?: Date } = {}) {
  const placeholder = '0x0000000000000000000000000000000000000001'
  return createSiweMessage({
    domain: 'map.example',
    address: placeholder,
    statement: 'Sign in to WorldMap.',
    uri: 'https://map.example',
    version: '1',
    chainId: 480,
    nonce: 'abcdef123456',
    issuedAt: new Date(),
    ...options,
  }).replace(placeholder, '{address}')
}

describe('describeRequest', () => {
  test('default: wallet-auth shows the domain, the signing address in place of {address}, statement and expiry in words', async () => {
    const siweMessage = siweTemplate({
      expirationTime: new Date(Date.now() + 7 * DAY + 60_000),
      notBefore: new Date(Date.now() - DAY - 60_000),
    })
    const model = describeRequest({ command: 'wallet-auth', payload: { siweMessage }, address, domain })
    expect(model.title).toBe('Sign in with World App')
    expect(model.lead).toBe('map.example wants you to sign in with your wallet')
    expect(value(model, 'App')).toBe(domain)
    expect(model.fields.find((field) => field.label === 'Signing wallet')).toMatchObject({
      value: `${address.slice(0, 6)}…${address.slice(-4)}`,
      copy: address,
    })
    expect(value(model, 'Statement')).toBe('Sign in to WorldMap.')
    expect(value(model, 'Expiry')).toMatch(/^Expires in 7 days \(.+ UTC\)$/)
    expect(value(model, 'Valid from')).toMatch(/^Not before .+ UTC \(yesterday\)$/)
    // Exactly what the wallet signs: the same replacement as the host's reply.
    const signed = await wallet.signSiwe(siweMessage)
    expect(model.block?.text).toBe(signed.message)
    expect(model.block?.text).not.toContain('{address}')
  })

  test('behavior: wallet-auth without expiry says so; an expired one says when', () => {
    const never = describeRequest({ command: 'wallet-auth', payload: { siweMessage: siweTemplate() }, address, domain })
    expect(value(never, 'Expiry')).toBe('Never expires')
    const expired = describeRequest({
      command: 'wallet-auth',
      payload: { siweMessage: siweTemplate({ expirationTime: new Date(Date.now() - 3 * 3_600_000) }) },
      address,
      domain,
    })
    expect(value(expired, 'Expiry')).toMatch(/^Expired 3 hours ago/)
  })

  test('behavior: pay shows amounts in token units, the recipient shortened with the full address to copy', () => {
    const to = '0x1234567890abcdef1234567890abcdef12345678'
    const model = describeRequest({
      command: 'pay',
      payload: {
        reference: 'ref-1',
        to,
        tokens: [
          { symbol: 'WLD', token_amount: '1500000000000000000' },
          { symbol: 'USDCE', token_amount: '250000' },
        ],
        description: 'A golden map',
        network: 'worldchain',
      },
      address,
      domain,
    })
    expect(value(model, 'Amount 1')).toBe('1.5 WLD')
    expect(value(model, 'Amount 2')).toBe('0.25 USDC')
    expect(model.fields.find((field) => field.label === 'To')).toMatchObject({ value: '0x1234…5678', copy: to })
    expect(value(model, 'Description')).toBe('A golden map')
    expect(value(model, 'Reference')).toBe('ref-1')
  })

  test('behavior: send-transaction v1 shows contract, function, args and value in ETH; v2 its calls', () => {
    const contract = '0x2222222222222222222222222222222222222222'
    const v1 = describeRequest({
      command: 'send-transaction',
      payload: {
        transaction: [{ address: contract, abi: [], functionName: 'mint', args: ['1', 'x'], value: '0x16345785d8a0000' }],
        formatPayload: true,
      },
      address,
      domain,
    })
    expect(v1.fields.map((field) => [field.label, field.value])).toEqual([
      ['Contract', '0x2222…2222'],
      ['Function', 'mint'],
      ['Arguments', '["1","x"]'],
      ['Value', '0.1 ETH'],
      ['Network', 'World Chain'],
    ])
    const v2 = describeRequest({
      command: 'send-transaction',
      payload: { transactions: [{ to: contract, data: '0xa9059cbb0000', value: '0xde0b6b3a7640000' }], chainId: 480 },
      address,
      domain,
    })
    expect(v2.fields.map((field) => [field.label, field.value])).toEqual([
      ['Contract', '0x2222…2222'],
      ['Call data', '0xa9059cbb (6 bytes)'],
      ['Value', '1 ETH'],
      ['Network', 'World Chain (480)'],
    ])
  })

  describe('send-transaction v2: ERC-20 calls read out', () => {
    const WLD = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
    const USDC = '0x79A02482A880bCE3F13e09Da970dC34db4CD24d1'
    const OTHER = '0x1111111111111111111111111111111111111111'
    const RECIPIENT = '0x2222222222222222222222222222222222222222'
    const SPENDER = '0x00000000000000000000000000000000DeaDBeef'
    const sheet = (to: string, data: string, chainId = 480) =>
      describeRequest({
        command: 'send-transaction',
        payload: { transactions: [{ to, data, value: '0x0' }], chainId },
        address,
        domain,
      })
    const transfer = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, amount] })
    const approve = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, amount] })

    test('default: a World Chain WLD transfer reads in whole tokens, with no base-units note', () => {
      const model = sheet(WLD, transfer(12_500_000_000_000_000_000n))
      expect(value(model, 'Action')).toBe('Transfer 12.5 WLD to 0x2222…2222')
      expect(value(model, 'Amounts')).toBeUndefined()
      expect(model.warning).toBeUndefined()
    })

    test('behavior: USDC counts in 6 decimals; a limited approval names the spender and the cap', () => {
      expect(value(sheet(USDC, approve(2_500_000n)), 'Action')).toBe('Allow 0x0000…Beef to spend up to 2.5 USDC')
    })

    test('behavior: an unlimited WLD approval is flagged by name', () => {
      const model = sheet(WLD, approve(maxUint256))
      expect(value(model, 'Action')).toBe('Unlimited approval: 0x0000…Beef may spend all your WLD, now and later')
      expect(model.warning).toMatch(/could take every WLD token/)
    })

    test('edge: a token the simulator does not know, or WLD’s address on another chain, stays in base units and says so', () => {
      for (const model of [sheet(OTHER, transfer(1_000_000n)), sheet(WLD, transfer(1_000_000n), 1)]) {
        expect(value(model, 'Action')).toMatch(/^Transfer 1,000,000 base units of 0x(1111…1111|2cFc…3003) to 0x2222…2222$/)
        expect(value(model, 'Amounts')).toBe("In the token's base units: its decimals are not known offline")
      }
    })
  })

  test('behavior: verify, sign-typed-data, share-contacts and request-permission show their key fields', () => {
    const signal = `0x00${'ab'.repeat(31)}`
    const verify = describeRequest({
      command: 'verify',
      payload: { action: 'collect-drops', signal, verification_level: 'secure_document' },
      address,
      domain,
    })
    expect([value(verify, 'Action'), value(verify, 'Verification level'), value(verify, 'Signal hash')]).toEqual([
      'collect-drops',
      'Secure document',
      `0x00ababab…ababab`,
    ])
    const typed = describeRequest({
      command: 'sign-typed-data',
      payload: { domain: { name: 'WorldMap', version: '1', chainId: 480 }, primaryType: 'Claim', message: { id: 7 } },
      address,
      domain,
    })
    expect(value(typed, 'Domain')).toBe('name: WorldMap, version: 1, chainId: 480')
    expect(value(typed, 'Primary type')).toBe('Claim')
    expect(JSON.parse(typed.block?.text ?? '')).toEqual({ id: 7 })
    const contacts = describeRequest({
      command: 'share-contacts',
      payload: { isMultiSelectEnabled: true, inviteMessage: 'Join me' },
      address,
      domain,
    })
    expect([value(contacts, 'Selection'), value(contacts, 'Invite message')]).toEqual(['Several contacts', 'Join me'])
    const permission = describeRequest({ command: 'request-permission', payload: { permission: 'microphone' }, address, domain })
    expect(permission.lead).toBe('localhost:5173 wants to use your microphone')
  })

  test('behavior: share previews title, text, URL and files (name, type, size, image thumbnail)', () => {
    const png = btoa('\x89PNG fake image bytes')
    const model = describeRequest({
      command: 'share',
      payload: {
        title: 'WorldMap',
        text: 'A find',
        url: 'https://example.com/find',
        files: [
          { name: 'find.png', type: 'image/png', data: png },
          { name: 'notes.txt', type: 'text/plain', data: btoa('hello') },
        ],
      },
      address,
      domain,
    })
    expect(model.fields.map((field) => [field.label, field.value])).toEqual([
      ['Title', 'WorldMap'],
      ['Text', 'A find'],
      ['URL', 'https://example.com/find'],
    ])
    expect(model.files).toEqual([
      { name: 'find.png', type: 'image/png', size: 21, image: `data:image/png;base64,${png}` },
      { name: 'notes.txt', type: 'text/plain', size: 5 },
    ])
  })

  test('behavior: iOS share files (File objects) are previewed too', () => {
    const file = new File(['abc'], 'photo.jpg', { type: 'image/jpeg' })
    const model = describeRequest({ command: 'share', payload: { files: [file] }, address, domain })
    expect(model.files).toEqual([{ name: 'photo.jpg', type: 'image/jpeg', size: 3, image: file }])
  })
})

describe('formatTokenAmount', () => {
  test('default: base units to token units', () => {
    expect(formatTokenAmount('USDCE', '100000')).toBe('0.1 USDC')
    expect(formatTokenAmount('WLD', '1000000000000000000000')).toBe('1000 WLD')
  })

  test('default: every token World App pays in, the 2.x ones included', () => {
    expect(formatTokenAmount('WARS', '2500000000000000000')).toBe('2.5 WARS')
    expect(formatTokenAmount('EURC', '1250000')).toBe('1.25 EURC')
  })

  test('edge: a token without known decimals shows base units, never a guessed amount', () => {
    expect(formatTokenAmount('DOGE', '12345')).toBe('12345 DOGE (base units)')
  })
})

describe('relativeTime', () => {
  test('default: the largest whole unit', () => {
    const now = Date.UTC(2026, 0, 1)
    expect(relativeTime(new Date(now + 7 * DAY), now)).toBe('in 7 days')
    expect(relativeTime(new Date(now + 2 * 3_600_000), now)).toBe('in 2 hours')
    expect(relativeTime(new Date(now - 5 * 60_000), now)).toBe('5 minutes ago')
    expect(relativeTime(new Date(now), now)).toBe('now')
  })
})
