import type { Config } from 'vike/types'
import vikeReact from 'vike-react/config'

// Global page configuration: vike-react renders every page into #root on the
// server. The language, title and description are per request (+lang.ts,
// +title.ts, +description.ts): the language comes from +onCreatePageContext.ssr.ts.
export default {
  extends: [vikeReact],
  // The page's language and its one catalogue, inside the first page's HTML
  // (not in the JavaScript: only the player's language is ever sent).
  passToClient: ['locale', 'messages'],
  // The host draws its own chrome; viewport-fit=cover lets the safe-area insets apply.
  viewport: null,
} satisfies Config
