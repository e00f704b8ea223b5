import fc from 'fast-check'
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { describe, expect, test } from 'vitest'
import { readErc20Call } from './readErc20Call.js'

const TOKEN = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const TO = '0x1234567890AbcdEF1234567890aBcdef12345678'
const SPENDER = '0x00000000000000000000000000000000DeaDBeef'

const transfer = (to: `0x${string}`, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] })
const approve = (amount: bigint) => encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, amount] })

describe('readErc20Call', () => {
  test('default: a transfer reads out the token, recipient and amount in base units', () => {
    expect(readErc20Call(TOKEN, transfer(TO, 12_500_000_000_000_000_000n))).toEqual({
      kind: 'transfer',
      token: TOKEN,
      to: TO,
      amount: 12_500_000_000_000_000_000n,
    })
  })

  test('behavior: transferFrom names who the tokens move from', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [SPENDER, TO, 5n] })
    expect(readErc20Call(TOKEN, data)).toEqual({ kind: 'transferFrom', token: TOKEN, from: SPENDER, to: TO, amount: 5n })
  })

  test('behavior: an approval of max uint256 is flagged unlimited; one below it is not', () => {
    expect(readErc20Call(TOKEN, approve(maxUint256))).toMatchObject({ kind: 'approve', spender: SPENDER, unlimited: true })
    expect(readErc20Call(TOKEN, approve(maxUint256 - 1n))).toMatchObject({ kind: 'approve', unlimited: false })
    expect(readErc20Call(TOKEN, approve(1_000n))).toMatchObject({ amount: 1_000n, unlimited: false })
  })

  test('behavior: upper-case hex reads the same', () => {
    const data = transfer(TO, 7n)
    expect(readErc20Call(TOKEN, `0x${data.slice(2).toUpperCase()}`)).toMatchObject({ kind: 'transfer', amount: 7n })
  })

  test('error: other ERC-20 functions and unknown selectors stay raw', () => {
    expect(readErc20Call(TOKEN, encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [TO] }))).toBeUndefined()
    // mint(uint256): not an ERC-20 function.
    expect(readErc20Call(TOKEN, `0xa0712d68${'0'.repeat(63)}1`)).toBeUndefined()
  })

  test('error: hostile calldata stays raw, never throws', () => {
    const good = transfer(TO, 1n)
    const hostile: unknown[] = [
      undefined,
      null,
      42,
      {},
      '',
      '0x',
      '0xa9059cbb',
      good.slice(0, -2), // one byte short
      `${good}00`, // a trailing byte
      `${good}${'00'.repeat(32)}`, // a trailing word: the token ignores it, the readout would hide it
      `${good.slice(0, -1)}`, // odd length
      good.replace('0x', ''), // no prefix
      `0xa9059cbb${'zz'.repeat(64)}`, // not hex
      // Dirty upper bits in the address word: viem would read an address the token may not.
      `0xa9059cbb${'ff'.repeat(12)}${TO.slice(2).toLowerCase()}${'0'.repeat(63)}1`,
      ` ${good}`,
    ]
    for (const data of hostile) expect(readErc20Call(TOKEN, data)).toBeUndefined()
  })

  test('error: a contract that is not an address stays raw', () => {
    for (const token of [undefined, 'WLD', '0x1234', 7]) expect(readErc20Call(token, transfer(TO, 1n))).toBeUndefined()
  })

  test('property: any transfer round-trips; any string never throws', () => {
    const address = fc
      .uint8Array({ minLength: 20, maxLength: 20 })
      .map((bytes) => `0x${Buffer.from(bytes).toString('hex')}` as `0x${string}`)
    fc.assert(
      fc.property(address, fc.bigInt({ min: 0n, max: maxUint256 }), (to, amount) => {
        const read = readErc20Call(TOKEN, transfer(to, amount))
        expect(read).toMatchObject({ kind: 'transfer', amount })
        expect(read?.kind === 'transfer' && read.to.toLowerCase()).toBe(to)
      }),
    )
    fc.assert(
      fc.property(fc.string(), (data) => {
        readErc20Call(TOKEN, `0xa9059cbb${data}`)
        readErc20Call(TOKEN, data)
      }),
    )
  })
})
