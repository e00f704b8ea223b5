import type { LatLng, SimulatedGeolocation } from '../geolocation/simulateGeolocation.js'
import type { ReceivedMessage, SentReply, Simulator } from '../host/createSimulator.js'
import { REPLY_EVENT } from '../host/replies.js'
import { type IdentityState, loadIdentities, newUser, saveIdentities } from './identityStore.js'

/** Options of {@link createDevPanel}. */
export interface DevPanelOptions {
  simulator: Pick<Simulator, 'received' | 'replies' | 'wallet'>
  geolocation?: SimulatedGeolocation | undefined
  /** Which identity the running simulator is; switching saves and calls `onSwitch`. */
  identities?: IdentityState
  /** Apply a newly chosen identity. @default reloads the page (the wallet is made at start-up) */
  onSwitch?: (state: IdentityState) => void
  /**
   * Ask the local stack to make this player due for the streak reminder and
   * run the real nudge; resolves with what it said. Shown as a button when given.
   */
  streakReminder?: () => Promise<string>
}

/** A mounted panel. */
export interface DevPanel {
  open(tab?: 'identity' | 'position' | 'log'): void
  close(): void
  destroy(): void
}

/** Metres a position moves per arrow key press; ten times that with Shift. */
export const POSITION_STEP_M = 10
const MAP_SPAN_M = 400
const MAP_PX = 240
const M_PER_DEG_LAT = 111_320

const STYLE = `
:host{all:initial}
*{box-sizing:border-box}
.toggle{position:fixed;right:0;top:38%;z-index:2147483646;width:44px;height:44px;border:0;border-radius:12px 0 0 12px;background:rgba(17,17,17,.8);color:#fff;font:700 13px system-ui;cursor:pointer}
.panel{position:fixed;top:0;right:0;bottom:0;width:min(360px,100vw);z-index:2147483646;background:#fff;color:#111;box-shadow:-6px 0 24px rgba(0,0,0,.25);display:flex;flex-direction:column;font:14px/1.4 -apple-system,system-ui,sans-serif;animation:in .18s ease-out}
@keyframes in{from{transform:translateX(100%)}to{transform:none}}
@media (prefers-reduced-motion:reduce){.panel{animation:none}}
.head{display:flex;align-items:center;gap:8px;padding:8px 8px 8px 14px;border-bottom:1px solid #e4e4e7}
h2{margin:0;font-size:16px;flex:1}
button{min-height:44px;min-width:44px;border:0;border-radius:10px;background:#e4e4e7;color:#111;font:600 14px system-ui;cursor:pointer;padding:0 12px}
button.primary{background:#111;color:#fff}
button:focus-visible,input:focus-visible,svg:focus-visible,summary:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.tabs{display:flex;gap:4px;padding:8px;border-bottom:1px solid #e4e4e7}
.tabs button{flex:1;background:#f4f4f5}.tabs button[aria-selected=true]{background:#111;color:#fff}
.section{padding:12px 14px;overflow:auto;flex:1;min-height:0;overflow-wrap:anywhere}
.muted{color:#52525b;font-size:13px}
.identity{display:flex;align-items:center;gap:8px;padding:8px 0;border-bottom:1px solid #e4e4e7}
.identity .who{flex:1;min-width:0;overflow-wrap:anywhere}
.badge{font-size:12px;background:#dcfce7;color:#14532d;border-radius:6px;padding:2px 6px}
svg{display:block;margin:8px auto;background:#f0fdf4;border-radius:12px;touch-action:none;cursor:crosshair}
.coords{display:grid;grid-template-columns:1fr 1fr auto;gap:6px;align-items:end}
label{display:grid;gap:2px;font-size:12px;color:#52525b}
input{min-height:44px;border:1px solid #a1a1aa;border-radius:10px;padding:0 8px;font:14px ui-monospace,monospace;width:100%;color:#111}
.log{list-style:none;margin:8px 0 0;padding:0;font:12px/1.35 ui-monospace,SFMono-Regular,Menlo,monospace}
.log li{border-bottom:1px solid #e4e4e7}
summary{min-height:44px;display:flex;align-items:center;gap:6px;cursor:pointer;overflow-wrap:anywhere}
.out{color:#1e3a8a}.in{color:#14532d}.err{color:#991b1b}
pre{margin:0 0 8px;background:#f4f4f5;border-radius:8px;padding:8px;white-space:pre-wrap;overflow-wrap:anywhere;max-height:200px;overflow:auto}
[hidden]{display:none!important}`

const el = <K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className = '', text?: string) => {
  const element = doc.createElement(tag)
  if (className) element.className = className
  if (text !== undefined) element.textContent = text
  return element
}
const button = (doc: Document, text: string, className = '') => {
  const element = el(doc, 'button', className, text)
  element.type = 'button'
  return element
}

// The host exposes what it received and replied as plain arrays (tests read
// them); the panel hears of new entries by wrapping their push.
function observe<T>(list: T[], onItem: (item: T) => void): () => void {
  for (const item of list) onItem(item)
  const push = list.push
  Object.defineProperty(list, 'push', {
    configurable: true,
    writable: true,
    value(...items: T[]) {
      const length = push.apply(list, items)
      for (const item of items) onItem(item)
      return length
    },
  })
  return () => {
    delete (list as { push?: unknown }).push
  }
}

// The command a reply event answers, for the log (built on first use: nothing runs at import).
let commandOfEvent: Map<string, string> | undefined
const commandOf = (event: string) => {
  commandOfEvent ??= new Map(
    Object.entries(REPLY_EVENT)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
      .map(([command, reply]) => [reply, command]),
  )
  return commandOfEvent.get(event) ?? event
}

const summarize = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value)
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

/**
 * The simulator's developer panel: a toggle at the right edge opens
 * identities to switch between (new vs returning user), the simulated
 * position (drag on the mini-map, arrow keys, or type coordinates) and a log
 * of every wire message and reply. In a shadow root, closed by default so it
 * never covers the app until asked.
 *
 * @example
 * ```ts
 * createDevPanel(window, { simulator, geolocation: simulator.geolocation })
 * ```
 */
export function createDevPanel(win: Window, options: DevPanelOptions): DevPanel {
  const doc = win.document
  const host = doc.createElement('worldmap-simulator-panel')
  const root = host.attachShadow({ mode: 'open' })
  const toggle = button(doc, 'WA', 'toggle')
  toggle.setAttribute('aria-label', 'World App simulator panel')
  toggle.setAttribute('aria-expanded', 'false')
  toggle.setAttribute('aria-controls', 'panel')
  const panel = el(doc, 'div', 'panel')
  panel.id = 'panel'
  panel.hidden = true
  panel.setAttribute('role', 'dialog')
  panel.setAttribute('aria-labelledby', 'panel-title')
  const head = el(doc, 'div', 'head')
  const title = el(doc, 'h2', '', 'World App simulator')
  title.id = 'panel-title'
  const closeButton = button(doc, 'Close')
  head.append(title, closeButton)

  const tabs = el(doc, 'div', 'tabs')
  tabs.setAttribute('role', 'tablist')
  const sections = {
    identity: identitySection(win, options),
    position: positionSection(win, options.geolocation),
    log: logSection(win, options.simulator),
  }
  const tabButtons = Object.fromEntries(
    (Object.keys(sections) as (keyof typeof sections)[]).map((name) => {
      const tab = button(doc, name === 'identity' ? 'Identity' : name === 'position' ? 'Position' : 'Log')
      tab.setAttribute('role', 'tab')
      tab.dataset.tab = name
      tab.addEventListener('click', () => select(name))
      tabs.append(tab)
      return [name, tab]
    }),
  ) as Record<keyof typeof sections, HTMLButtonElement>
  let current: keyof typeof sections = 'identity'
  const select = (name: keyof typeof sections) => {
    current = name
    for (const [key, section] of Object.entries(sections)) {
      section.element.hidden = key !== name
      tabButtons[key as keyof typeof sections].setAttribute('aria-selected', String(key === name))
    }
    sections[name].shown?.()
  }
  select('identity')
  panel.append(head, tabs, ...Object.values(sections).map((section) => section.element))
  root.append(el(doc, 'style', '', STYLE), toggle, panel)
  doc.body.append(host)

  const open: DevPanel['open'] = (tab) => {
    panel.hidden = false
    toggle.hidden = true
    toggle.setAttribute('aria-expanded', 'true')
    // Shown afresh: what the page granted since (permissions) or where it walked.
    select(tab ?? current)
    closeButton.focus()
  }
  const close = () => {
    panel.hidden = true
    toggle.hidden = false
    toggle.setAttribute('aria-expanded', 'false')
    toggle.focus()
  }
  toggle.addEventListener('click', () => open())
  closeButton.addEventListener('click', close)
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close()
  })
  return {
    open,
    close,
    destroy() {
      for (const section of Object.values(sections)) section.destroy?.()
      host.remove()
    },
  }
}

interface Section {
  element: HTMLElement
  shown?: () => void
  destroy?: () => void
}

/** "Show streak reminder": the local stack makes the player due and runs sendStreakNudges; the banner follows. */
function streakReminderBlock(doc: Document, ask: () => Promise<string>): HTMLElement {
  const block = el(doc, 'div')
  const run = button(doc, 'Show streak reminder')
  const status = el(doc, 'p', 'muted')
  status.setAttribute('role', 'status')
  run.addEventListener('click', () => {
    run.disabled = true
    status.textContent = 'Asking the local stack…'
    ask()
      .then(
        (message) => {
          status.textContent = message
        },
        () => {
          status.textContent = 'The local stack did not answer: is pnpm dev running?'
        },
      )
      .finally(() => {
        run.disabled = false
      })
  })
  block.append(
    el(
      doc,
      'p',
      'muted',
      "Streak reminder: the local stack makes this player's streak due tonight and runs sendStreakNudges; World App's banner follows.",
    ),
    run,
    status,
  )
  return block
}

function identitySection(win: Window, options: DevPanelOptions): Section {
  const doc = win.document
  const element = el(doc, 'div', 'section')
  const reminder = options.streakReminder ? streakReminderBlock(doc, options.streakReminder) : undefined
  const render = () => {
    const state = options.identities ?? loadIdentities(win)
    element.replaceChildren(
      el(doc, 'p', 'muted', `Wallet in use: ${options.simulator.wallet.address}`),
      el(doc, 'p', 'muted', 'Switching reloads the page: the wallet and World ID are made when the simulator starts.'),
    )
    const list = el(doc, 'div')
    for (const identity of state.identities) {
      const row = el(doc, 'div', 'identity')
      const who = el(doc, 'div', 'who')
      who.append(el(doc, 'div', '', identity.name))
      const granted = Object.entries(identity.permissions)
        .filter(([, on]) => on)
        .map(([name]) => name)
      who.append(el(doc, 'div', 'muted', granted.length ? `Granted: ${granted.join(', ')}` : 'Nothing granted yet'))
      row.append(who)
      if (identity.id === state.active) row.append(el(doc, 'span', 'badge', 'In use'))
      else {
        const use = button(doc, 'Use', 'primary')
        use.setAttribute('aria-label', `Use ${identity.name}`)
        use.addEventListener('click', () => apply({ ...state, active: identity.id }))
        row.append(use)
      }
      list.append(row)
    }
    const add = button(doc, 'Add a new user')
    add.addEventListener('click', () => {
      const fresh = newUser(`New user ${state.identities.length}`)
      const next = { active: state.active, identities: [...state.identities, fresh] }
      saveIdentities(win, next)
      options.identities = next
      render()
    })
    element.append(list, el(doc, 'p'), add)
    if (reminder) element.append(reminder)
  }
  const apply = (state: IdentityState) => {
    saveIdentities(win, state)
    options.identities = state
    if (options.onSwitch) {
      options.onSwitch(state)
      render()
    } else win.location.reload()
  }
  render()
  return { element, shown: render }
}

function positionSection(win: Window, geolocation: SimulatedGeolocation | undefined): Section {
  const doc = win.document
  const element = el(doc, 'div', 'section')
  if (!geolocation) {
    element.append(el(doc, 'p', 'muted', 'Simulated geolocation is off (geolocation: false).'))
    return { element }
  }
  const { svg, dot } = miniMap(doc)
  const readout = el(doc, 'p', 'muted')
  readout.setAttribute('aria-live', 'polite')
  const { form, lat, lng, go } = coordinateForm(doc)
  const hint = `Where the page thinks the device is, kept across reloads. Drag on the map (${MAP_SPAN_M} m across) or focus it and use the arrow keys: ${POSITION_STEP_M} m a step, ${POSITION_STEP_M * 10} m with Shift.`
  element.append(el(doc, 'p', 'muted', hint), svg, readout, form)

  // The map is a 400 m window around a centre that follows the device when it leaves the window.
  let centre = geolocation.current()
  const draw = (syncInputs = false) => {
    const now = geolocation.current()
    let { x, y } = toMapPx(centre, now)
    if (x < 0 || y < 0 || x > MAP_PX || y > MAP_PX) {
      centre = now
      ;({ x, y } = toMapPx(centre, now))
    }
    dot.setAttribute('cx', x.toFixed(1))
    dot.setAttribute('cy', y.toFixed(1))
    readout.textContent = `${now.lat.toFixed(6)}, ${now.lng.toFixed(6)}`
    if (syncInputs) {
      lat.value = now.lat.toFixed(6)
      lng.value = now.lng.toFixed(6)
    }
  }
  const moveTo = (point: LatLng) => {
    // Past the antimeridian the longitude wraps; inside it stays exactly as typed.
    const lng = Math.abs(point.lng) <= 180 ? point.lng : ((((point.lng + 180) % 360) + 360) % 360) - 180
    geolocation.set({ lat: Math.max(-90, Math.min(90, point.lat)), lng })
    draw(true)
  }
  steerMiniMap(svg, { moveTo, pick: (x, y) => fromMapPx(centre, x, y), current: () => geolocation.current() })
  const submit = () => {
    const point = { lat: Number(lat.value), lng: Number(lng.value) }
    if (lat.value !== '' && lng.value !== '' && Math.abs(point.lat) <= 90 && Math.abs(point.lng) <= 180) moveTo(point)
    else readout.textContent = 'Latitude −90…90, longitude −180…180'
  }
  go.addEventListener('click', submit)
  form.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && (event.target as Element | null)?.tagName === 'INPUT') submit()
  })
  draw(true)
  // A walking route moves on its own: follow it while the panel shows the map.
  const timer = win.setInterval(() => {
    if (!element.hidden && element.isConnected) draw()
  }, 1_000)
  return { element, shown: () => draw(true), destroy: () => win.clearInterval(timer) }
}

const SVG_NS = 'http://www.w3.org/2000/svg'

/** The mini-map: a focusable SVG with an 8×8 grid (its centre lines darker) and the device's dot. */
function miniMap(doc: Document): { svg: SVGSVGElement; dot: SVGCircleElement } {
  const svg = doc.createElementNS(SVG_NS, 'svg')
  svg.setAttribute('width', String(MAP_PX))
  svg.setAttribute('height', String(MAP_PX))
  svg.setAttribute('viewBox', `0 0 ${MAP_PX} ${MAP_PX}`)
  svg.setAttribute('tabindex', '0')
  svg.setAttribute('role', 'application')
  svg.setAttribute(
    'aria-label',
    `Mini-map, ${MAP_SPAN_M} m across. Drag, or use arrow keys to move ${POSITION_STEP_M} m (Shift: ${POSITION_STEP_M * 10} m)`,
  )
  for (let i = 0; i <= 8; i++) {
    const at = (i * MAP_PX) / 8
    for (const [x1, y1, x2, y2] of [
      [at, 0, at, MAP_PX],
      [0, at, MAP_PX, at],
    ]) {
      const line = doc.createElementNS(SVG_NS, 'line')
      line.setAttribute('x1', String(x1))
      line.setAttribute('y1', String(y1))
      line.setAttribute('x2', String(x2))
      line.setAttribute('y2', String(y2))
      line.setAttribute('stroke', i === 4 ? '#86efac' : '#bbf7d0')
      svg.append(line)
    }
  }
  const dot = doc.createElementNS(SVG_NS, 'circle')
  dot.setAttribute('r', '8')
  dot.setAttribute('fill', '#2563eb')
  dot.setAttribute('stroke', '#fff')
  dot.setAttribute('stroke-width', '3')
  svg.append(dot)
  return { svg, dot }
}

/** Latitude and longitude fields and the Move button. */
function coordinateForm(doc: Document) {
  const form = el(doc, 'div', 'coords')
  const input = (name: string) => {
    const label = el(doc, 'label', '', name)
    const field = el(doc, 'input')
    field.type = 'number'
    field.step = 'any'
    field.name = name.toLowerCase()
    label.append(field)
    form.append(label)
    return field
  }
  const lat = input('Latitude')
  const lng = input('Longitude')
  const go = button(doc, 'Move', 'primary')
  form.append(go)
  return { form, lat, lng, go }
}

const metresPerDegLng = (at: LatLng) => M_PER_DEG_LAT * Math.cos((at.lat * Math.PI) / 180)
/** Where `point` sits on the mini-map centred on `centre`. */
const toMapPx = (centre: LatLng, point: LatLng) => ({
  x: MAP_PX / 2 + (((point.lng - centre.lng) * metresPerDegLng(centre)) / MAP_SPAN_M) * MAP_PX,
  y: MAP_PX / 2 - (((point.lat - centre.lat) * M_PER_DEG_LAT) / MAP_SPAN_M) * MAP_PX,
})
/** The point under mini-map pixel (x, y) when the map is centred on `centre`. */
const fromMapPx = (centre: LatLng, x: number, y: number): LatLng => ({
  lat: centre.lat - (((y - MAP_PX / 2) / MAP_PX) * MAP_SPAN_M) / M_PER_DEG_LAT,
  lng: centre.lng + (((x - MAP_PX / 2) / MAP_PX) * MAP_SPAN_M) / metresPerDegLng(centre),
})

const ARROW_STEPS: Record<string, [number, number]> = {
  ArrowUp: [1, 0],
  ArrowDown: [-1, 0],
  ArrowRight: [0, 1],
  ArrowLeft: [0, -1],
}

/** Move the device by dragging on the mini-map, or with the arrow keys (Shift: ten steps). */
function steerMiniMap(
  svg: SVGSVGElement,
  map: { moveTo(point: LatLng): void; pick(x: number, y: number): LatLng; current(): LatLng },
): void {
  const pointer = (event: PointerEvent) => {
    const box = svg.getBoundingClientRect()
    const scale = box.width ? MAP_PX / box.width : 1
    map.moveTo(map.pick((event.clientX - box.left) * scale, (event.clientY - box.top) * scale))
  }
  let dragging = false
  svg.addEventListener('pointerdown', (event) => {
    dragging = true
    svg.setPointerCapture?.(event.pointerId)
    pointer(event)
  })
  svg.addEventListener('pointermove', (event) => {
    if (dragging) pointer(event)
  })
  svg.addEventListener('pointerup', () => {
    dragging = false
  })
  svg.addEventListener('keydown', (event) => {
    const step = ARROW_STEPS[event.key]
    if (!step) return
    event.preventDefault()
    const metres = POSITION_STEP_M * (event.shiftKey ? 10 : 1)
    const now = map.current()
    map.moveTo({ lat: now.lat + (step[0] * metres) / M_PER_DEG_LAT, lng: now.lng + (step[1] * metres) / metresPerDegLng(now) })
  })
}

function logSection(win: Window, simulator: DevPanelOptions['simulator']): Section {
  const doc = win.document
  const element = el(doc, 'div', 'section')
  const clear = button(doc, 'Clear log')
  const count = el(doc, 'span', 'muted')
  const list = el(doc, 'ul', 'log')
  list.setAttribute('aria-label', 'Wire messages and replies')
  const bar = el(doc, 'div', 'head')
  bar.style.border = '0'
  bar.style.padding = '0'
  bar.append(count, clear)
  element.append(bar, list)
  const time = () => new Date().toISOString().slice(11, 23)
  const add = (direction: 'out' | 'in', headline: string, detail: unknown, failed: boolean) => {
    const item = el(doc, 'li')
    const details = el(doc, 'details')
    const summary = el(doc, 'summary', failed ? 'err' : direction)
    summary.textContent = `${time()} ${direction === 'out' ? '→' : '←'} ${headline}`
    details.append(summary, el(doc, 'pre', '', JSON.stringify(detail, null, 2) ?? String(detail)))
    item.append(details)
    list.append(item)
    count.textContent = `${list.children.length} entries`
  }
  const stops = [
    observe<ReceivedMessage>(simulator.received, (message) =>
      add(
        'out',
        `${message.command}${message.version === undefined ? '' : ` v${message.version}`} ${summarize(message.payload)}`,
        message.payload,
        false,
      ),
    ),
    observe<SentReply>(simulator.replies, (reply) => {
      const failed = reply.payload.status === 'error'
      const status = failed ? `error ${String(reply.payload.error_code)}` : String(reply.payload.status ?? '')
      const command = commandOf(reply.event)
      add('in', `${command} v${String(reply.payload.version ?? '?')} ${status}`, reply.payload, failed)
    }),
  ]
  clear.addEventListener('click', () => {
    list.replaceChildren()
    count.textContent = '0 entries'
  })
  count.textContent = `${list.children.length} entries`
  return {
    element,
    destroy: () => {
      for (const stop of stops) stop()
    },
  }
}
