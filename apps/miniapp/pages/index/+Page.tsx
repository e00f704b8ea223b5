import { HomeScreen } from '../../src/features/home/HomeScreen.js'

export default function Page() {
  return <HomeScreen />
}
