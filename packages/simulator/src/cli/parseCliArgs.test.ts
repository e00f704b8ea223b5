// @vitest-environment node
import { describe, expect, test } from 'vitest'
import { InvalidTargetUrlError } from '../node/errors/InvalidTargetUrlError.js'
import { InvalidFlagsError } from './errors/InvalidFlagsError.js'
import { DEFAULT_PROXY_PORT, parseCliArgs } from './parseCliArgs.js'

const URL_ = 'http://localhost:5173/map'
// Anvil's well-known account 0: a public test key.
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

function issuesOf(argv: string[]): readonly string[] {
  try {
    parseCliArgs(argv)
  } catch (error) {
    if (error instanceof InvalidFlagsError) return error.issues
    throw error
  }
  throw new Error('expected InvalidFlagsError')
}

test('default: open <url> is interactive, headed, on iOS, with the dev wallet', () => {
  expect(parseCliArgs(['open', URL_])).toEqual({
    command: 'open',
    url: new URL(URL_),
    config: { mode: 'interactive' },
    headless: false,
    json: false,
    ignoreHTTPSErrors: false,
  })
})

test('default: no arguments, help, --help and -h ask for the help text', () => {
  for (const argv of [[], ['help'], ['--help'], ['open', URL_, '-h']]) expect(parseCliArgs(argv)).toEqual({ command: 'help' })
})

describe('parameters', () => {
  test('parameters: every flag maps onto the simulator config', () => {
    const parsed = parseCliArgs([
      'open',
      URL_,
      '--os',
      'android',
      '--key',
      KEY,
      '--identity',
      'returning-user',
      '--app-id',
      'app_staging_team',
      '--world-app-version',
      '2087900',
      '--position',
      '1.2834, 103.8607',
      '--mode',
      'scripted',
      '--browser',
      '/opt/chrome',
      '--headless',
      '--json',
      '--no-sandbox',
      '--ignore-https-errors',
    ])
    expect(parsed).toEqual({
      command: 'open',
      url: new URL(URL_),
      config: {
        mode: 'scripted',
        os: 'android',
        privateKey: KEY,
        identity: { seed: 'returning-user' },
        appId: 'app_staging_team',
        worldAppVersion: 2087900,
        geolocation: { position: { lat: 1.2834, lng: 103.8607 } },
      },
      browser: '/opt/chrome',
      headless: true,
      json: true,
      noSandbox: true,
      ignoreHTTPSErrors: true,
    })
  })

  test('parameters: --seed derives the wallet key', () => {
    const parsed = parseCliArgs(['open', URL_, '--seed', 'test test test test test test test test test test test junk'])
    expect(parsed).toMatchObject({ config: { privateKey: KEY } })
  })

  test('parameters: --behaviour makes scripted the default mode, --mode still wins', () => {
    expect(parseCliArgs(['open', URL_, '--behaviour', 'b.json'])).toMatchObject({
      behaviourFile: 'b.json',
      config: { mode: 'scripted' },
    })
    expect(parseCliArgs(['open', URL_, '--behaviour', 'b.json', '--mode', 'interactive'])).toMatchObject({
      config: { mode: 'interactive' },
    })
  })

  test.each([
    [['open', URL_, '--proxy'], DEFAULT_PROXY_PORT],
    [['open', '--proxy', URL_], DEFAULT_PROXY_PORT],
    [['open', '--proxy', '8080', URL_], 8080],
    [['open', URL_, '--proxy=0'], 0],
    [['open', URL_, '--proxy', '--headless'], DEFAULT_PROXY_PORT],
    [['open', URL_, '--proxy', '--port', '8081'], 8081],
    [['open', '--port', '0', '--proxy', URL_], 0],
    [['open', URL_, '--proxy', '8081', '--port', '8081'], 8081],
  ])('parameters: %j proxies on port %i', (argv, port) => {
    expect(parseCliArgs(argv)).toMatchObject({ url: new URL(URL_), proxy: { port } })
  })

  test('behavior: --proxy has a stable default port, so its origin can be allowed once', () => {
    expect(DEFAULT_PROXY_PORT).toBe(4390)
  })

  test('behavior: --headless without a mode falls back to scripted, and says so', () => {
    const parsed = parseCliArgs(['open', URL_, '--headless'])
    expect(parsed).toMatchObject({ headless: true, config: { mode: 'scripted' } })
    expect(parsed).toHaveProperty('notices', [
      '--headless: no window to show World App sheets in, so commands are answered in scripted mode (all approved; --behaviour <file.json> to choose the answers).',
    ])
  })

  test.each([
    [['open', URL_, '--headless', '--mode', 'scripted'], 'scripted'],
    [['open', URL_, '--headless', '--behaviour', 'b.json'], 'scripted'],
    // The proxy launches no browser: --headless does not apply, the user's browser shows the sheets.
    [['open', URL_, '--headless', '--proxy'], 'interactive'],
    [['open', URL_, '--headless', '--proxy', '--mode', 'interactive'], 'interactive'],
  ])('behavior: %j is %s, with nothing to say', (argv, mode) => {
    const parsed = parseCliArgs(argv)
    expect(parsed).toMatchObject({ config: { mode } })
    expect(parsed).not.toHaveProperty('notices')
  })

  test('parameters: https URLs are accepted', () => {
    expect(parseCliArgs(['open', 'https://app.example.com/?x=1'])).toMatchObject({ url: new URL('https://app.example.com/?x=1') })
  })
})

describe('errors', () => {
  test.each([
    [['open', URL_, '--os', 'windows'], ['--os: must be ios or android']],
    [['open', URL_, '--mode', 'auto'], ['--mode: must be interactive or scripted']],
    [['open', URL_, '--key', '0x1234'], ['--key: must be a private key: 0x followed by 64 hex digits']],
    [['open', URL_, '--key', `0x${'0'.repeat(64)}`], ['--key: is not a valid secp256k1 private key']],
    [['open', URL_, '--key', KEY, '--seed', 'alice'], ['--seed: give --key or --seed, not both']],
    [['open', URL_, '--seed', '  '], ['--seed: must not be empty']],
    [
      ['open', URL_, '--world-app-version', '2.0'],
      ['--world-app-version: must be a positive whole number (a World App build number, e.g. 2087901)'],
    ],
    [['open', URL_, '--position', '91,0'], ['--position: must be <lat>,<lng> in degrees, e.g. 1.2834,103.8607']],
    [['open', URL_, '--position', '1.28'], ['--position: must be <lat>,<lng> in degrees, e.g. 1.2834,103.8607']],
    [['open', URL_, '--position', 'north,south'], ['--position: must be <lat>,<lng> in degrees, e.g. 1.2834,103.8607']],
    [['open', URL_, '--app-id', 'my app'], ['--app-id: must look like app_… (letters, digits, _)']],
    [['open', URL_, '--proxy', '70000'], ['--proxy: port must be 0–65535']],
    [['open', URL_, '--proxy=http'], ['--proxy: takes a port number']],
    [['open', URL_, '--proxy', '--port', 'http'], ['--port: takes a port number']],
    [['open', URL_, '--proxy', '--port', '70000'], ['--port: port must be 0–65535']],
    [['open', URL_, '--port', '8080'], ["--port: is the proxy's port: use it with --proxy"]],
    [['open', URL_, '--proxy', '8080', '--port', '9090'], ['--port: two different ports: give the port once, with --port']],
    [
      ['open', URL_, '--headless', '--mode', 'interactive'],
      [
        '--headless: no one can answer interactive sheets in a browser with no window: use --mode scripted (or --behaviour <file.json>), or drop --headless',
      ],
    ],
    [
      ['open', URL_, '--headless', '--behaviour', 'b.json', '--mode', 'interactive'],
      [
        '--headless: no one can answer interactive sheets in a browser with no window: use --mode scripted (or --behaviour <file.json>), or drop --headless',
      ],
    ],
    [['open'], ['open needs the app URL, e.g. open http://localhost:5173/']],
    [['launch', URL_], ['unknown command "launch": the command is open']],
    [['open', URL_, 'extra'], ['unexpected argument "extra"']],
    [
      ['open', URL_, '--os', 'bb', '--mode', 'x'],
      ['--os: must be ios or android', '--mode: must be interactive or scripted'],
    ],
  ])('error: %j', (argv, issues) => {
    expect(issuesOf(argv)).toEqual(issues)
  })

  test('error: an unknown flag, in parseArgs words', () => {
    expect(issuesOf(['open', URL_, '--colour'])).toEqual([
      "Unknown option '--colour'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--colour\"",
    ])
  })

  test('error: the message names the fix; a bad key is never echoed', () => {
    const secret = `0x${'ab'.repeat(31)}`
    let error: unknown
    try {
      parseCliArgs(['open', URL_, '--key', secret])
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(InvalidFlagsError)
    expect((error as InvalidFlagsError).code).toBe('cli_invalid_flags')
    expect((error as InvalidFlagsError).shortMessage).toBe('Invalid command line. Run `worldmap-simulator --help` for usage.')
    expect((error as Error).message).not.toContain(secret)
  })

  test.each(['localhost:5173', 'file:///tmp/index.html', 'ftp://example.com/', 'not a url'])('error: URL %s', (url) => {
    expect(() => parseCliArgs(['open', url])).toThrow(InvalidTargetUrlError)
  })
})
