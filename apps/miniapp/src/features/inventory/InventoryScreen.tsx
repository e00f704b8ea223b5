import { useId, useMemo, useState } from 'react'
import { BackIcon } from '../../components/icons/BackIcon.js'
import { PageSkeleton } from '../../components/PageSkeleton.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { watchFirebaseValue } from '../../lib/firebase/watchFirebaseValue.js'
import { useT } from '../../lib/i18n/index.js'
import { useAuth } from '../auth/useAuth.js'
import { buildCollectionBook } from '../book/buildCollectionBook.js'
import { CollectionBook } from '../book/CollectionBook.js'
import { useSetMoment } from '../book/useSetMoment.js'
import { useInventory } from '../finds/useInventory.js'
import { InventoryDetail } from '../itemDetail/InventoryDetail.js'
import type { ShareCardFind } from '../share/createShareCard.js'
import type { ShareCommand } from '../share/shareFind.js'
import { FindsList } from './FindsList.js'
import { type InventoryTab, InventoryTabs } from './InventoryTabs.js'
import { useDetailOpener } from './useDetailOpener.js'
import './inventory.css'

/** Props of {@link InventoryScreen}; all for tests, each with a production default. */
export interface InventoryScreenProps {
  /** Database listener; defaults to the app's Firebase database. */
  watch?: WatchValue
  /** Passed to the detail's Share; defaults to the `share` command. */
  share?: ShareCommand
  /** Passed to the detail's Share; defaults to the canvas card. */
  createCard?: (find: ShareCardFind) => Promise<File>
}

/**
 * /inventory: the signed-in player's collection, live from the database,
 * under a header like the profile's (this route has no top bar, spec §2):
 * Back to home and the title. Then two tabs — **Book** (every kind ×
 * rarity, silhouettes for the missing, completion per kind and overall) and
 * **Finds** (one line per kind and rarity, newest first). Any cell or line
 * opens its detail.
 *
 * @example
 * ```tsx
 * <InventoryScreen />
 * ```
 */
export function InventoryScreen({ watch = watchFirebaseValue, share, createCard }: InventoryScreenProps) {
  const { user } = useAuth()
  if (!user) return null
  return (
    <Inventory uid={user.uid} watch={watch} detail={{ ...(share ? { share } : {}), ...(createCard ? { createCard } : {}) }} />
  )
}

function Inventory({
  uid,
  watch,
  detail,
}: {
  uid: string
  watch: WatchValue
  detail: Pick<InventoryScreenProps, 'share' | 'createCard'>
}) {
  const t = useT()
  const inventory = useInventory(uid, watch)
  const [tab, setTab] = useState<InventoryTab>('book')
  const { selected, open, close } = useDetailOpener()
  const tabsId = useId()
  const items = inventory.status === 'ready' ? inventory.items : null
  const book = useMemo(() => buildCollectionBook(items ?? []), [items])
  const moment = useSetMoment(uid, book.rows)
  // Looked up in the live list, so the detail follows new finds as they land.
  const selectedItems =
    selected && items ? items.filter((item) => item.kind === selected.kind && item.rarity === selected.rarity) : []

  return (
    <section className="inventory">
      <header className="screen-header">
        <a href="/" className="round-button screen-back" aria-label={t('common.back')}>
          <BackIcon />
        </a>
        <h1 className="screen-title">{t('inventory.title')}</h1>
      </header>
      {inventory.status === 'loading' ? (
        <PageSkeleton />
      ) : inventory.status === 'error' ? (
        <p role="alert">{t('inventory.loadFailed')}</p>
      ) : (
        <>
          <InventoryTabs tab={tab} onChange={setTab} idPrefix={tabsId} />
          <div className="inventory-panel" role="tabpanel" id={`${tabsId}-${tab}-panel`} aria-labelledby={`${tabsId}-${tab}-tab`}>
            {tab === 'book' ? (
              <CollectionBook book={book} onSelect={open} moment={moment} />
            ) : (
              <FindsList groups={inventory.groups} onSelect={open} />
            )}
          </div>
        </>
      )}
      {selected && items && (
        <InventoryDetail
          key={`${selected.kind}:${selected.rarity}`}
          kind={selected.kind}
          rarity={selected.rarity}
          items={selectedItems}
          setComplete={book.rows.some((row) => row.kind === selected.kind && row.completedAt !== null)}
          onClose={close}
          {...detail}
        />
      )}
    </section>
  )
}
