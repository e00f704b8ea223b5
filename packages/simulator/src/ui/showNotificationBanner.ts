/** What {@link showNotificationBanner} shows, and what a tap does. */
export interface NotificationBannerOptions {
  title: string
  message: string
  /** Runs when the player taps the banner (the simulator opens the deep link). */
  onOpen: () => void
  /** The line above the title, as World App's banners name their source. @default 'World App' */
  source?: string
}

/** A shown banner. */
export interface NotificationBanner {
  element: HTMLElement
  close(): void
}

const TAG = 'worldmap-simulator-notification'

// A phone's notification banner over the page: 44 px targets, readable in
// both schemes (#3f3f46 on #fafafa is 10:1), no motion when reduced.
const STYLE = `
:host{all:initial}
.banner{position:fixed;top:max(8px,env(safe-area-inset-top));left:8px;right:8px;z-index:2147483647;display:flex;align-items:stretch;gap:4px;max-width:480px;margin:0 auto;background:rgba(250,250,250,.97);color:#111;border-radius:22px;box-shadow:0 10px 30px rgba(0,0,0,.28);font:15px/1.35 -apple-system,system-ui,sans-serif;animation:down .25s ease-out}
@keyframes down{from{transform:translateY(-120%)}to{transform:none}}
@media (prefers-reduced-motion:reduce){.banner{animation:none}}
@media (prefers-color-scheme:dark){.banner{background:rgba(39,39,42,.97);color:#fafafa}.source,.message{color:#d4d4d8!important}.close{color:#d4d4d8!important}}
.open{all:unset;box-sizing:border-box;flex:1;min-width:0;min-height:44px;display:flex;gap:12px;align-items:center;padding:12px 4px 12px 14px;cursor:pointer;border-radius:22px}
.icon{flex:none;width:40px;height:40px;border-radius:10px;background:#111;color:#fff;display:grid;place-items:center;font:700 18px system-ui}
.text{min-width:0;display:grid;gap:1px}
.source{font-size:12px;color:#3f3f46;text-transform:uppercase;letter-spacing:.02em}
.title{font-weight:700;overflow-wrap:anywhere}
.message{color:#3f3f46;overflow:hidden;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow-wrap:anywhere}
.close{all:unset;flex:none;width:44px;min-height:44px;display:grid;place-items:center;cursor:pointer;color:#3f3f46;font:400 22px system-ui;border-radius:22px}
.open:focus-visible,.close:focus-visible{outline:3px solid #2563eb;outline-offset:-3px}`

/**
 * The banner's styles as a constructed stylesheet: a page's Content-Security-
 * Policy (a strict `style-src`) refuses an inline `<style>`, never a sheet the
 * host builds, as a native banner is outside the page anyway. A `<style>`
 * where constructed sheets do not exist.
 */
function adoptStyle(win: Window, root: ShadowRoot): void {
  const Sheet = (win as Window & { CSSStyleSheet?: typeof CSSStyleSheet }).CSSStyleSheet
  if (Sheet && 'adoptedStyleSheets' in root) {
    const sheet = new Sheet()
    sheet.replaceSync(STYLE)
    root.adoptedStyleSheets = [sheet]
    return
  }
  const style = win.document.createElement('style')
  style.textContent = STYLE
  root.append(style)
}

/**
 * Show a notification as World App would over the mini app: a banner at the
 * top with the title and message; tapping it runs `onOpen` (and closes it),
 * the × dismisses it. One at a time: a new one replaces the one shown. In its
 * own shadow root, so the app's styles and the banner's never mix.
 *
 * @example
 * ```ts
 * showNotificationBanner(window, { title: '🔥 Keep your 5-day streak', message: '…', onOpen: () => location.assign('/map') })
 * ```
 */
export function showNotificationBanner(win: Window, options: NotificationBannerOptions): NotificationBanner {
  const doc = win.document
  for (const old of doc.querySelectorAll(TAG)) old.remove()
  const host = doc.createElement(TAG)
  const root = host.attachShadow({ mode: 'open' })
  const banner = doc.createElement('div')
  banner.className = 'banner'
  banner.setAttribute('role', 'status')
  const open = doc.createElement('button')
  open.type = 'button'
  open.className = 'open'
  open.setAttribute('aria-label', `${options.title}. ${options.message}`)
  const icon = doc.createElement('span')
  icon.className = 'icon'
  icon.setAttribute('aria-hidden', 'true')
  icon.textContent = 'W'
  const text = doc.createElement('span')
  text.className = 'text'
  for (const [className, value] of [
    ['source', options.source ?? 'World App'],
    ['title', options.title],
    ['message', options.message],
  ] as const) {
    const line = doc.createElement('span')
    line.className = className
    line.textContent = value
    text.append(line)
  }
  open.append(icon, text)
  const close = doc.createElement('button')
  close.type = 'button'
  close.className = 'close'
  close.setAttribute('aria-label', 'Dismiss notification')
  close.textContent = '×'
  banner.append(open, close)
  adoptStyle(win, root)
  root.append(banner)
  doc.body.append(host)
  const remove = () => host.remove()
  open.addEventListener('click', () => {
    remove()
    options.onOpen()
  })
  close.addEventListener('click', remove)
  return { element: host, close: remove }
}
