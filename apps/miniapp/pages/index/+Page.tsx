import { LazyScreen, lazyScreen } from '../../src/components/lazyScreen.js'

const HomeScreen = lazyScreen(() => import('../../src/features/home/HomeScreen.js').then((m) => m.HomeScreen))

export default function Page() {
  return <LazyScreen screen={HomeScreen} />
}
