import { lazyScreen } from '../../src/components/lazyScreen.js'

export default lazyScreen(() => import('../../src/features/home/HomeScreen.js').then((m) => m.HomeScreen))
