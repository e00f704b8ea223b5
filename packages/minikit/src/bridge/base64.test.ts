import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { base64ToBytes, bytesToBase64 } from './base64.js'

describe('bytesToBase64 / base64ToBytes', () => {
  test('default', () => {
    expect(bytesToBase64(new Uint8Array([1, 2, 3]))).toBe('AQID')
    expect(base64ToBytes('AQID')).toEqual(new Uint8Array([1, 2, 3]))
  })

  test('behavior: padded standard alphabet, like Buffer.toString("base64")', () => {
    expect(bytesToBase64(new Uint8Array([0xfb, 0xff]))).toBe('+/8=')
    expect(bytesToBase64(new Uint8Array(32)).length).toBe(44)
  })

  test('behavior: round trip of any bytes, including inputs larger than one chunk', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70_000 }), (bytes) => {
        expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes)
      }),
      { numRuns: 50 },
    )
  })

  test.each<[string, string, number[]]>([
    ['unpadded', 'AQ', [1]],
    ['url-safe alphabet', '-_8', [0xfb, 0xff]],
    ['empty', '', []],
  ])('parameters: accepts %s', (_name, text, bytes) => {
    expect(base64ToBytes(text)).toEqual(new Uint8Array(bytes))
  })

  test.each<[string, string]>([
    ['stray characters', 'AQ!D'],
    ['whitespace', 'AQ ID'],
    ['impossible length', 'AQIDB'],
    ['wrong padding', 'AQ='],
    ['too much padding', 'AQID='],
    ['padding inside', 'A=QD'],
    ['three padding characters', 'A==='],
  ])('error: rejects %s', (_name, text) => {
    expect(base64ToBytes(text)).toBeNull()
  })
})
