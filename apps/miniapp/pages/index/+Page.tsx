import { LazyScreen, lazyScreen } from '../../src/components/lazyScreen.js'

const HomeScreen = lazyScreen(
  () => import('../../src/features/home/HomeScreen.js').then((m) => m.HomeScreen),
  // The cards' data code, while a first launch still signs in (docs/first-launch.md).
  () => import('../../src/features/home/prefetchHomeData.js').then((m) => m.prefetchHomeData()),
)

export default function Page() {
  return <LazyScreen screen={HomeScreen} />
}
