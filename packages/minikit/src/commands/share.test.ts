import fc from 'fast-check'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../../test/fakeHost.js'
import {
  anyInput,
  installHost,
  installPropertyHost,
  judgeRun,
  mixedInput,
  NUM_RUNS,
  newTally,
  osArb,
  type PropertyHost,
} from '../../test/property.js'
import { CommandUnavailableError } from '../errors/CommandUnavailableError.js'
import { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { contractProblems } from '../wire/hostContract.js'
import { formatShareInput, MAX_SHARE_BYTES, MAX_SHARE_FILES, type ShareInput, share, validateShareInput } from './share.js'

const MB = 1024 * 1024
const textFile = (text = 'hello', name = 'hello.txt', type = 'text/plain') => new File([text], name, { type })
/** A File that claims `size` bytes without allocating them. */
const sizedFile = (size: number, name = 'big.bin') => {
  const file = new File([new Uint8Array(4)], name, { type: 'application/octet-stream' })
  Object.defineProperty(file, 'size', { value: size })
  return file
}
const randomBytes = (length: number) => {
  const bytes = new Uint8Array(length)
  for (let offset = 0; offset < length; offset += 65536) crypto.getRandomValues(bytes.subarray(offset, offset + 65536))
  return bytes
}
const decode = (base64: string) => Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))
const success = { status: 'success', shared_files_count: 1, version: 1, timestamp: '2025-06-10T12:00:00.000Z' }

const shortMessageOf = async (run: () => unknown): Promise<string | undefined> => {
  try {
    await run()
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidPayloadError)
    expect(error).toMatchObject({ command: 'share' })
    return (error as InvalidPayloadError).shortMessage
  }
  return undefined
}

afterEach(() => resetAll())

describe('validateShareInput', () => {
  test('default', () => {
    const input = { files: [textFile()], title: 'WorldMap', text: 'My find', url: 'https://worldmap.example' }
    expect(validateShareInput(input)).toBe(input)
  })

  test('parameters: no files, empty files, exactly 10 files and exactly 50MB pass', () => {
    expect(() => validateShareInput({ text: 'only text' })).not.toThrow()
    expect(() => validateShareInput({ files: [] })).not.toThrow()
    expect(() =>
      validateShareInput({ files: Array.from({ length: MAX_SHARE_FILES }, (_, i) => textFile('x', `${i}.txt`)) }),
    ).not.toThrow()
    expect(MAX_SHARE_BYTES).toBe(52_428_800)
    expect(() => validateShareInput({ files: [sizedFile(30 * MB), sizedFile(20 * MB)] })).not.toThrow()
  })

  test.each<[string, () => unknown, string]>([
    ['files not an array (a single File)', () => ({ files: textFile() }), 'The "files" property must be an array.'],
    ['files an array-like object', () => ({ files: { 0: textFile(), length: 1 } }), 'The "files" property must be an array.'],
    ['files null', () => ({ files: null }), 'The "files" property must be an array.'],
    ['11 files', () => ({ files: Array.from({ length: 11 }, () => textFile()) }), 'Cannot share more than 10 files.'],
    [
      'a string among the files',
      () => ({ files: [textFile(), 'photo.png'] }),
      'Each item in the files array must be a File object.',
    ],
    ['a Blob that is not a File', () => ({ files: [new Blob(['x'])] }), 'Each item in the files array must be a File object.'],
    [
      'a File-like object',
      () => ({ files: [{ name: 'a.txt', size: 1, type: 'text/plain' }] }),
      'Each item in the files array must be a File object.',
    ],
    ['one file over 50MB', () => ({ files: [sizedFile(MAX_SHARE_BYTES + 1)] }), 'Total file size cannot exceed 50MB.'],
    [
      'files adding up to over 50MB',
      () => ({ files: [sizedFile(25 * MB), sizedFile(25 * MB), sizedFile(1)] }),
      'Total file size cannot exceed 50MB.',
    ],
    ['title not a string', () => ({ title: 5 }), "'title' must be a string"],
    ['url not a string', () => ({ url: new URL('https://worldmap.example') }), "'url' must be a string"],
    ['input not an object', () => 'https://worldmap.example', 'Share input must be an object.'],
    ['input null', () => null, 'Share input must be an object.'],
  ])('error: %s', async (_name, input, message) => {
    expect(await shortMessageOf(() => validateShareInput(input() as ShareInput))).toBe(message)
  })

  test('error: the file check says what it received', () => {
    expect(() => validateShareInput({ files: ['photo.png'] as unknown as File[] })).toThrowError(
      expect.objectContaining({ details: 'Received: string' }),
    )
  })
})

describe('formatShareInput', () => {
  test('default', async () => {
    expect(await formatShareInput({ files: [textFile('hello')], title: 'T', text: 'X', url: 'https://u.example' })).toEqual({
      files: [{ name: 'hello.txt', type: 'text/plain', data: 'aGVsbG8=' }],
      title: 'T',
      text: 'X',
      url: 'https://u.example',
    })
  })

  test('parameters: without files only title, text and url are kept', async () => {
    const payload = await formatShareInput({ text: 'My find', extra: 1 } as ShareInput)
    expect(payload).toEqual({ title: undefined, text: 'My find', url: undefined })
    expect(JSON.parse(JSON.stringify(payload))).toEqual({ text: 'My find' })
  })

  test.each([0, 1, 2, 3, 32767, 32768, 32769, 65536, 70000, 98305])(
    'behavior: %i random bytes round-trip through base64 (32768-byte chunks)',
    async (length) => {
      const bytes = randomBytes(length)
      const payload = await formatShareInput({ files: [new File([bytes], 'data.bin', { type: 'application/octet-stream' })] })
      const [file] = payload.files ?? []
      expect(file?.name).toBe('data.bin')
      expect(file?.type).toBe('application/octet-stream')
      expect(file?.data).toBe(Buffer.from(bytes).toString('base64'))
      expect(decode(file?.data ?? '')).toEqual(bytes)
    },
  )

  test('behavior: every byte value survives, in several files, in order', async () => {
    const all = Uint8Array.from({ length: 256 * 200 }, (_, index) => index % 256)
    const payload = await formatShareInput({ files: [new File([all], 'a.bin'), textFile('✓ ünïcode', 'b.txt')] })
    expect(payload.files?.map((file) => file.name)).toEqual(['a.bin', 'b.txt'])
    expect(decode(payload.files?.[0]?.data ?? '')).toEqual(all)
    expect(new TextDecoder().decode(decode(payload.files?.[1]?.data ?? ''))).toBe('✓ ünïcode')
  })

  test('error: validation runs before any file is read', async () => {
    const file = sizedFile(MAX_SHARE_BYTES + 1)
    const read = vi.spyOn(file, 'arrayBuffer')
    expect(await shortMessageOf(() => formatShareInput({ files: [file] }))).toBe('Total file size cannot exceed 50MB.')
    expect(read).not.toHaveBeenCalled()
  })
})

describe('share', () => {
  test('behavior: android sends base64 files and resolves with the reply', async () => {
    const host = await installHost({ os: 'android', respond: { share: () => success } })
    await expect(
      share({ files: [textFile('hi', 'hi.txt')], title: 'WorldMap', url: 'https://worldmap.example' }),
    ).resolves.toEqual(success)
    expect(host.commands('share')).toEqual([
      {
        command: 'share',
        version: 1,
        payload: {
          files: [{ name: 'hi.txt', type: 'text/plain', data: 'aGk=' }],
          title: 'WorldMap',
          url: 'https://worldmap.example',
        },
      },
    ])
    expect(host.raw.at(-1)).toBe(
      JSON.stringify({
        command: 'share',
        version: 1,
        payload: {
          title: 'WorldMap',
          url: 'https://worldmap.example',
          files: [{ name: 'hi.txt', type: 'text/plain', data: 'aGk=' }],
        },
      }),
    )
    expect(contractProblems('share', host.commands('share')[0]?.payload)).toEqual([])
  })

  test('behavior: ios sends the raw input for analytics, opens the native sheet and resolves', async () => {
    const host = await installHost({ os: 'ios' })
    const nativeShare = vi.fn(async (_data?: ShareData) => {})
    Object.defineProperty(navigator, 'share', { value: nativeShare, configurable: true })
    try {
      const input = { files: [textFile()], text: 'My find' }
      const result = await share(input)
      expect(result).toEqual({ status: 'success', shared_files_count: 1, version: 1, timestamp: expect.any(String) })
      expect(host.commands('share')).toEqual([{ command: 'share', version: 1, payload: input }])
      expect(host.commands('share')[0]?.payload).toBe(input)
      expect(nativeShare).toHaveBeenCalledWith(input)
      expect(contractProblems('share', input)).toEqual([])
    } finally {
      Reflect.deleteProperty(navigator, 'share')
    }
  })

  test('behavior: ios maps a cancelled sheet to user_rejected and a missing one to generic_error', async () => {
    await installHost({ os: 'ios' })
    Object.defineProperty(navigator, 'share', {
      value: async () => Promise.reject(new DOMException('cancelled', 'AbortError')),
      configurable: true,
    })
    try {
      await expect(share({ text: 'x' })).resolves.toMatchObject({ status: 'error', error_code: 'user_rejected', version: 1 })
    } finally {
      Reflect.deleteProperty(navigator, 'share')
    }
    expect(typeof navigator.share).toBe('undefined')
    await expect(share({ text: 'x' })).resolves.toMatchObject({ status: 'error', error_code: 'generic_error', version: 1 })
  })

  test.each(['ios', 'android'] as const)('error: %s rejects invalid input and sends nothing', async (os) => {
    const host = await installHost({ os, respond: { share: () => success } })
    await expect(share({ files: Array.from({ length: 11 }, () => textFile()) })).rejects.toThrowError(
      expect.objectContaining({ shortMessage: 'Cannot share more than 10 files.' }),
    )
    await expect(share({ files: [sizedFile(60 * MB)] })).rejects.toThrowError(
      expect.objectContaining({ shortMessage: 'Total file size cannot exceed 50MB.' }),
    )
    expect(host.commands('share')).toEqual([])
  })

  test('error: unavailable without install', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    createFakeHost()
    await expect(share({ text: 'x' })).rejects.toBeInstanceOf(CommandUnavailableError)
  })
})

describe('share property', () => {
  let ph: PropertyHost
  beforeAll(async () => {
    // Android needs a reply; on iOS the native sheet answers (absent here → generic_error).
    ph = await installPropertyHost({ share: () => (ph.os === 'android' ? success : undefined) })
  })
  afterAll(() => resetAll())

  const smallFile = fc
    .tuple(fc.uint8Array({ maxLength: 48 }), fc.string({ maxLength: 8 }), fc.constantFrom('', 'text/plain', 'image/png'))
    .map(([bytes, name, type]) => new File([bytes], name, { type }))
  const fileItem = fc.oneof(
    { weight: 12, arbitrary: smallFile },
    { weight: 1, arbitrary: fc.constantFrom<unknown>('photo.png', null, 5) },
    { weight: 1, arbitrary: fc.constant(null).map(() => new Blob(['x'])) },
    { weight: 1, arbitrary: fc.constant(null).map(() => sizedFile(MAX_SHARE_BYTES + 1)) },
  )
  const text = fc.oneof(
    { weight: 8, arbitrary: fc.option(fc.string(), { nil: undefined }) },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(5, null) },
  )
  const nearValid = fc.record(
    {
      files: fc.oneof(
        { weight: 8, arbitrary: fc.array(fileItem, { maxLength: 11 }) },
        { weight: 1, arbitrary: fc.oneof(smallFile, anyInput()) },
      ),
      title: text,
      text,
      url: text,
    },
    { requiredKeys: [] },
  )

  test('behavior: arbitrary input rejects typed without sending, or sends a contract-valid payload and resolves', async () => {
    const tally = newTally()
    await fc.assert(
      fc.asyncProperty(mixedInput(nearValid, ['files', 'title', 'text', 'url']), osArb, async (input, os) => {
        ph.setOs(os)
        const outcome = await judgeRun(ph.host, 'share', () => share(input as ShareInput), {
          check: (result, message) => {
            if (os === 'android') {
              expect(result).toEqual(success)
              const files = (input as ShareInput).files ?? []
              expect((message.payload as { files?: unknown[] }).files ?? []).toHaveLength(files.length)
            } else {
              expect(message.payload).toBe(input)
              expect(result).toMatchObject({ status: 'error', error_code: 'generic_error' })
            }
          },
        })
        tally[outcome]++
      }),
      { numRuns: NUM_RUNS },
    )
    if (process.env.PROPERTY_STATS) console.info(JSON.stringify(tally))
    expect(tally.sent).toBeGreaterThan(NUM_RUNS * 0.1)
    expect(tally.rejected).toBeGreaterThan(NUM_RUNS * 0.1)
  }, 60_000)
})

describe('host contract (share)', () => {
  test('default', () => {
    expect(contractProblems('share', { files: [{ name: 'a.txt', type: 'text/plain', data: 'aGk=' }], text: 'x' })).toEqual([])
    expect(contractProblems('share', { files: [textFile()], title: 't' })).toEqual([])
    expect(contractProblems('share', {})).toEqual([])
  })

  test.each<[string, unknown]>([
    ['11 files', { files: Array.from({ length: 11 }, () => ({ name: 'a', type: '', data: '' })) }],
    ['data that is not base64', { files: [{ name: 'a', type: '', data: 'not base64!' }] }],
    ['a file without data', { files: [{ name: 'a', type: '' }] }],
    ['files over 50MB', { files: [sizedFile(MAX_SHARE_BYTES + 1)] }],
    ['a title that is not a string', { title: 5 }],
  ])('error: rejects %s', (_name, payload) => {
    expect(contractProblems('share', payload)).not.toEqual([])
  })
})
