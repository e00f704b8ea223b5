import { LazyScreen, lazyScreen } from '../../src/components/lazyScreen.js'

const MapPage = lazyScreen(() => import('../../src/features/map/MapPage.js').then((m) => m.MapPage))

export default function Page() {
  return <LazyScreen screen={MapPage} />
}
