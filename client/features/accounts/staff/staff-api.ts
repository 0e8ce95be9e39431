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

/** This website's own roles (issue 29): every staff screen that offers a role lists them after the built-in ones. */
export const customRolesQuery = (api: Api) => queryOptions({ queryKey: [...ADMIN_KEY, 'staff-roles'], queryFn: () => api.call(c.listCustomRoles) })

export const useCustomRoles = () => useQuery(customRolesQuery(useApi()))

export function useSaveCustomRole() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: c.CustomRoleInput }) =>
      id === null ? api.call(c.createCustomRole, { body }) : api.call(c.updateCustomRole, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }),
  })
}

export function useDeleteCustomRole() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.call(c.deleteCustomRole, { params: { id } }),
    onSettled: () => qc.invalidateQueries({ queryKey: ADMIN_KEY }),
  })
}
