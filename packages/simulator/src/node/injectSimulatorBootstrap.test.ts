// @vitest-environment node
import { expect, test } from 'vitest'
import { injectSimulatorBootstrap, SIMULATOR_SCRIPT_PATH, simulatorBootstrapTags } from './injectSimulatorBootstrap.js'

const TAGS = '<script>BOOT</script>'
const inject = (html: string) => injectSimulatorBootstrap(Buffer.from(html, 'latin1'), TAGS).toString('latin1')

test('default: the config, then the simulator script', () => {
  expect(simulatorBootstrapTags({ os: 'android', mode: 'scripted' })).toBe(
    `<script>window.__WORLDMAP_SIMULATOR__={"os":"android","mode":"scripted"}</script><script src="${SIMULATOR_SCRIPT_PATH}"></script>`,
  )
})

test('behavior: with a nonce on both tags', () => {
  expect(simulatorBootstrapTags({}, 'abc')).toBe(
    `<script nonce="abc">window.__WORLDMAP_SIMULATOR__={}</script><script nonce="abc" src="${SIMULATOR_SCRIPT_PATH}"></script>`,
  )
})

test('behavior: config text cannot close the script element and is plain ASCII', () => {
  const tags = simulatorBootstrapTags({ identity: { seed: '</script><script>alert(1)</script> 東京 & é' } })
  expect(tags.match(/<\/script>/g)).toHaveLength(2)
  expect(/^[\x20-\x7e]*$/.test(tags)).toBe(true)
  const json = tags.slice(tags.indexOf('=') + 1, tags.indexOf('</script>'))
  expect(JSON.parse(json)).toEqual({ identity: { seed: '</script><script>alert(1)</script> 東京 & é' } })
})

test.each([
  [
    '<!doctype html><html lang="en"><head><script>app()</script>',
    '<!doctype html><html lang="en"><head><script>BOOT</script><script>app()</script>',
  ],
  ['<HTML><HEAD data-x="1"><title>x</title>', '<HTML><HEAD data-x="1"><script>BOOT</script><title>x</title>'],
  // <header> is not <head>: no head tag means after <html>.
  [
    '<html><body><header>h</header><script>app()</script>',
    '<html><script>BOOT</script><body><header>h</header><script>app()</script>',
  ],
  ['<!DOCTYPE html><script>app()</script>', '<!DOCTYPE html><script>BOOT</script><script>app()</script>'],
  ['<script>app()</script>', '<script>BOOT</script><script>app()</script>'],
  ['', '<script>BOOT</script>'],
])('behavior: %j', (html, expected) => {
  expect(inject(html)).toBe(expected)
})

test('behavior: bytes of a non-UTF-8 page are kept as they were', () => {
  const page = Buffer.concat([Buffer.from('<html><head><title>'), Buffer.from([0xe9, 0xff, 0x80]), Buffer.from('</title>')])
  const out = injectSimulatorBootstrap(page, TAGS)
  expect(out.subarray(out.length - 11)).toEqual(Buffer.concat([Buffer.from([0xe9, 0xff, 0x80]), Buffer.from('</title>')]))
  expect(out.length).toBe(page.length + TAGS.length)
})
