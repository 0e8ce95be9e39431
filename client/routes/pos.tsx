import { PosScreen } from '../features/pos/pos-screen'
import { useStaffTitle } from '../staff/use-staff-title'

/** /pos: the shop counter (issue #13, decision 0026), in the staff shell without its sidebar. */
export function PosRoute() {
  useStaffTitle('Point of sale')
  return <PosScreen />
}
