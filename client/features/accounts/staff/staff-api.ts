import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-staff'
import type { Api } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'
import { ADMIN_KEY } from '../../../staff/staff-query'

export const staffQuery = (api: Api, query: c.StaffQuery) =>
  queryOptions({ queryKey: ['admin', 'staff', query], queryFn: () => api.call(c.listStaff, { query }), placeholderData: keepPreviousData })

export const useStaff = (query: c.StaffQuery) => useQuery(staffQuery(useApi(), query))

export function useAddStaff() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({ mutationFn: (body: c.AddStaffInput) => api.call(c.addStaff, { body }), onSuccess: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }) })
}

export function useUpdateStaff() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: c.UpdateStaffInput }) => api.call(c.updateStaff, { params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }),
  })
}
