import { lazyScreen } from '../../src/components/lazyScreen.js'

export default lazyScreen(() => import('../../src/features/inventory/InventoryScreen.js').then((m) => m.InventoryScreen))
