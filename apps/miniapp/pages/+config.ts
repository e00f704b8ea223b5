import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

// Global page configuration: vike-react renders every page into #root on the
// server; title and language come from here unless a page overrides them.
export default {
  extends: [vikeReact],
  title: 'WorldMap',
  lang: 'en',
  description: 'Collect drops around you, as a verified human — a World App mini app.',
  // The host draws its own chrome; viewport-fit=cover lets the safe-area insets apply.
  viewport: null,
} satisfies Config
