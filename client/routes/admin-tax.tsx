import { TaxSettingsView } from '../features/admin/tax-settings-view'
import { useStaffTitle } from '../staff/use-staff-title'

export function AdminTaxRoute() {
  useStaffTitle('Tax & invoices')
  return <TaxSettingsView />
}
