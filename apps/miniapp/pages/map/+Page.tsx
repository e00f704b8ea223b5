import { MapPage } from '../../src/features/mapPage/MapPage.js'

export default function Page() {
  return <MapPage />
}
