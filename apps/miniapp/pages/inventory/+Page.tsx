import { LazyScreen, lazyScreen } from '../../src/components/lazyScreen.js'

const InventoryScreen = lazyScreen(() => import('../../src/features/inventory/InventoryScreen.js').then((m) => m.InventoryScreen))

export default function Page() {
  return <LazyScreen screen={InventoryScreen} />
}
