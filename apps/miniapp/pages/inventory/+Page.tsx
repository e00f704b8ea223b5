import { InventoryScreen } from '../../src/features/inventory/InventoryScreen.js'

export default function Page() {
  return <InventoryScreen />
}
