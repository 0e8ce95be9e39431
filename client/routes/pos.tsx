import { PosScreen } from '../features/pos/pos-screen'

/** /pos: the shop counter (issue #13, decision 0026), in the staff shell without its sidebar. */
export function PosRoute() {
  return <PosScreen />
}
