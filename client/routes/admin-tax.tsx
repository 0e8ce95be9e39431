import { TaxSettingsView } from '../features/admin/tax-settings-view'

export function AdminTaxRoute() {
  return <TaxSettingsView />
}
