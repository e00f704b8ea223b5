// Render the app's PNG icons from public/icon.svg with Chromium, at the sizes
// the manifest and iOS ask for: apple-touch-icon.png (180×180), icon-192.png
// and icon-512.png. The PNGs are committed; run this again after changing the
// SVG:
//
//   node scripts/renderIcons.mjs
//
// Debian's Chromium (/usr/bin/chromium, or CHROMIUM_PATH); never downloads a browser.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'
import { parseFlags } from '../../../tooling/scripts/parseFlags.mjs'

// No flags: a typo must not overwrite the committed PNGs as if asked to.
parseFlags(process.argv.slice(2), { usage: 'node scripts/renderIcons.mjs' })

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'public')
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/** File name → edge length in pixels. */
const sizes = { 'apple-touch-icon.png': 180, 'icon-192.png': 192, 'icon-512.png': 512 }

const svg = readFileSync(join(publicDir, 'icon.svg'), 'utf8')
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] })
try {
  for (const [file, size] of Object.entries(sizes)) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 })
    const body = `<!doctype html><style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`
    await page.setContent(body)
    await page.screenshot({ path: join(publicDir, file), omitBackground: false })
    await page.close()
    console.log(`public/${file} ${size}×${size}`)
  }
} finally {
  await browser.close()
}
