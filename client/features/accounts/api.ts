import { checkPincode } from '../../../common/contracts/delivery'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../common/contracts/accounts'
import type { Api } from '../../lib/api'
import { useApi } from '../../lib/api-context'

/** Every account query key starts with 'accounts'; signing in or out drops them all. */
export const profileQuery = (api: Api) => queryOptions({ queryKey: ['accounts', 'profile'], queryFn: () => api.call(c.getProfile) })
export const addressesQuery = (api: Api) => queryOptions({ queryKey: ['accounts', 'addresses'], queryFn: () => api.call(c.listAddresses) })
export const websitesQuery = (api: Api) => queryOptions({ queryKey: ['accounts', 'websites'], queryFn: () => api.call(c.listManagedWebsites) })

export const useProfile = () => useQuery(profileQuery(useApi()))
export const useAddresses = () => useQuery(addressesQuery(useApi()))
export const useManagedWebsites = () => useQuery(websitesQuery(useApi()))

/** Whether the website delivers to a pincode, once six digits are typed. */
export const usePincodeServiceability = (pincode: string) => {
  const api = useApi()
  return useQuery({
    queryKey: ['accounts', 'pincode', pincode],
    queryFn: () => api.call(c.checkAddressPincode, { params: { pincode } }),
    enabled: /^[1-9]\d{5}$/.test(pincode),
    staleTime: 5 * 60_000,
    retry: false,
  })
}

export function useLogin() {
  const api = useApi()
  return useMutation({ mutationFn: (username: string) => api.call(c.login, { body: { username } }) })
}

export function useVerify() {
  const api = useApi()
  return useMutation({ mutationFn: (body: { username: string; otp: string }) => api.call(c.verify, { body }) })
}

export function useRegister() {
  const api = useApi()
  return useMutation({ mutationFn: (body: { name: string; email: string; phone: string }) => api.call(c.register, { body }) })
}

export function useLogout() {
  const api = useApi()
  // the chosen pincode belongs to the device, not the account: the new visitor session keeps it (issue 18)
  return useMutation({
    mutationFn: async (pincode: string | null | undefined) => {
      await api.call(c.logout)
      if (pincode) await api.call(checkPincode, { params: { pincode } }).catch(() => undefined)
    },
  })
}

export function useRedeemSwitch() {
  const api = useApi()
  return useMutation({ mutationFn: (token: string) => api.call(c.redeemSwitch, { body: { token } }) })
}

export function useSwitchWebsite() {
  const api = useApi()
  return useMutation({ mutationFn: (websiteId: number) => api.call(c.switchWebsite, { body: { website_id: websiteId } }) })
}

export function useCreateWebsite() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: c.CreateWebsiteInput) => api.call(c.createWebsite, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['accounts', 'websites'] }),
  })
}

export const websiteDomainsQuery = (api: Api, websiteId: number) =>
  queryOptions({ queryKey: ['accounts', 'websites', websiteId, 'domains'], queryFn: () => api.call(c.listWebsiteDomains, { params: { id: websiteId } }) })
export const useWebsiteDomains = (websiteId: number) => useQuery(websiteDomainsQuery(useApi(), websiteId))

/** Adding or removing a domain answers the website's whole list, which replaces the cached one. */
export function useChangeWebsiteDomain(websiteId: number) {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: ({ origin, remove }: { origin: string; remove?: boolean }) =>
      api.call(remove ? c.removeWebsiteDomain : c.addWebsiteDomain, { params: { id: websiteId }, body: { origin } }),
    onSuccess: (list) => qc.setQueryData(['accounts', 'websites', websiteId, 'domains'], list),
  })
}

export function useUpdateProfile() {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (body: { name: string; email: string }) => api.call(c.updateProfile, { body }),
    onSuccess: (profile) => qc.setQueryData(['accounts', 'profile'], profile),
  })
}

/** Address calls answer with the whole fresh list, which replaces the cached one. */
function useAddressMutation<T>(call: (api: Api, input: T) => Promise<c.AddressList>) {
  const api = useApi()
  const qc = useQueryClient()
  return useMutation({ mutationFn: (input: T) => call(api, input), onSuccess: (list) => qc.setQueryData(['accounts', 'addresses'], list) })
}

export const useCreateAddress = () => useAddressMutation((api, body: c.AddressInput) => api.call(c.createAddress, { body }))
export const useUpdateAddress = () =>
  useAddressMutation((api, { id, body }: { id: number; body: c.AddressInput }) => api.call(c.updateAddress, { params: { id }, body }))
export const useDeleteAddress = () => useAddressMutation((api, id: number) => api.call(c.deleteAddress, { params: { id } }))
export const useSetDefaultAddress = () => useAddressMutation((api, id: number) => api.call(c.setDefaultAddress, { params: { id } }))
