import { type KeyboardEvent, useRef } from 'react'
import { useT } from '../../lib/i18n/index.js'

/** The inventory's two views, with their names' catalogue keys. */
export const INVENTORY_TABS = [
  { id: 'book', label: 'inventory.tabBook' },
  { id: 'finds', label: 'inventory.tabFinds' },
] as const

/** One of {@link INVENTORY_TABS}. */
export type InventoryTab = (typeof INVENTORY_TABS)[number]['id']

/**
 * The tab a key moves to from `current` (the WAI-ARIA tabs pattern): arrows
 * step and wrap around, Home and End jump to the ends; `null` for any other
 * key.
 *
 * @example
 * ```ts
 * tabAfterKey('ArrowRight', 'finds') // 'book'
 * ```
 */
export function tabAfterKey(key: string, current: InventoryTab): InventoryTab | null {
  if (key !== 'ArrowLeft' && key !== 'ArrowRight' && key !== 'Home' && key !== 'End') return null
  const count = INVENTORY_TABS.length
  const index = INVENTORY_TABS.findIndex((entry) => entry.id === current)
  const next = key === 'Home' ? 0 : key === 'End' ? count - 1 : (index + (key === 'ArrowRight' ? 1 : count - 1)) % count
  return INVENTORY_TABS[next]?.id ?? 'book'
}

/** Props of {@link InventoryTabs}. */
export interface InventoryTabsProps {
  tab: InventoryTab
  onChange: (tab: InventoryTab) => void
  /** Prefix of the tabs' and panels' ids (`<id>-book-tab` controls `<id>-book-panel`). */
  idPrefix: string
}

/**
 * The Book / Finds tab list: one tab in the Tab order (the selected one),
 * arrows, Home and End move between them and take focus along.
 *
 * @example
 * ```tsx
 * <InventoryTabs tab={tab} onChange={setTab} idPrefix={tabsId} />
 * ```
 */
export function InventoryTabs({ tab, onChange, idPrefix }: InventoryTabsProps) {
  const t = useT()
  const tabRefs = useRef<Record<InventoryTab, HTMLButtonElement | null>>({ book: null, finds: null })
  const onKeyDown = (event: KeyboardEvent) => {
    const next = tabAfterKey(event.key, tab)
    if (next === null) return
    event.preventDefault()
    onChange(next)
    tabRefs.current[next]?.focus()
  }
  return (
    <div className="inventory-tabs" role="tablist" aria-label={t('inventory.views')}>
      {INVENTORY_TABS.map((entry) => (
        <button
          key={entry.id}
          ref={(element) => {
            tabRefs.current[entry.id] = element
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-${entry.id}-tab`}
          aria-selected={tab === entry.id}
          aria-controls={`${idPrefix}-${entry.id}-panel`}
          tabIndex={tab === entry.id ? 0 : -1}
          className="inventory-tab"
          onClick={() => onChange(entry.id)}
          onKeyDown={onKeyDown}
        >
          {t(entry.label)}
        </button>
      ))}
    </div>
  )
}
