import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'

/** Where the proxy serves dist/simulator.global.js: a path no app uses. */
export const SIMULATOR_SCRIPT_PATH = '/__worldmap_simulator__/simulator.global.js'

/**
 * The tags that make a page a World App webview: the simulator's config,
 * then the simulator itself as a classic (blocking) script, so both run
 * before anything after them in the document.
 *
 * @param nonce  added to both tags, for pages whose CSP the proxy extended with it
 */
export function simulatorBootstrapTags(config: BrowserSimulatorConfig, nonce?: string): string {
  const attribute = nonce ? ` nonce="${nonce}"` : ''
  // ASCII only and no `<`, so the bytes splice into a page of any charset
  // and the JSON cannot close the <script> element early.
  const json = JSON.stringify(config).replace(/[<>&\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  return (
    `<script${attribute}>window.__WORLDMAP_SIMULATOR__=${json}</script>` +
    `<script${attribute} src="${SIMULATOR_SCRIPT_PATH}"></script>`
  )
}

// `<head>` but not `<header>`; then `<html>`; then the doctype: the earliest
// place that is still inside the document and before any page script.
const ANCHORS = [/<head(?=[\s>/])[^>]*>/i, /<html(?=[\s>/])[^>]*>/i, /<!doctype[^>]*>/i]

/**
 * Insert `tags` right after the page's `<head>` (or `<html>`, or the
 * doctype, or at the very start), before any page script. Works on bytes,
 * so a page in any ASCII-compatible charset comes out unchanged elsewhere.
 *
 * @example
 * ```ts
 * injectSimulatorBootstrap(Buffer.from('<html><head><script>app()</script>'), simulatorBootstrapTags({ os: 'ios' }))
 * // <html><head><script>window.__WORLDMAP_SIMULATOR__=…</script><script src="/__worldmap_simulator__/…"></script><script>app()</script>
 * ```
 */
export function injectSimulatorBootstrap(html: Buffer, tags: string): Buffer {
  // latin1 maps each byte to one char, so string offsets are byte offsets.
  const text = html.toString('latin1')
  let at = 0
  for (const anchor of ANCHORS) {
    const match = anchor.exec(text)
    if (match) {
      at = match.index + match[0].length
      break
    }
  }
  return Buffer.concat([html.subarray(0, at), Buffer.from(tags, 'latin1'), html.subarray(at)])
}
