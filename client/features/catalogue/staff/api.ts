import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import * as c from '../../../../common/contracts/admin-catalogue'
import * as csv from '../../../../common/contracts/admin-catalogue-csv'
import { listWarehouses } from '../../../../common/contracts/admin-stock'
import { type Api, buildUrl, checkedAnswer, uploadFile } from '../../../lib/api'
import { useApi } from '../../../lib/api-context'
import { ADMIN_KEY } from '../../../staff/staff-query'

export const adminProductsQuery = (api: Api, query: c.AdminProductQuery) =>
  queryOptions({
    queryKey: ['admin', 'products', 'list', query],
    queryFn: () => api.call(c.listAdminProducts, { query }),
    placeholderData: keepPreviousData,
  })

export const adminProductQuery = (api: Api, id: number) =>
  queryOptions({ queryKey: ['admin', 'products', 'one', id], queryFn: () => api.call(c.getAdminProduct, { params: { id } }), retry: false })

export const adminCategoriesQuery = (api: Api) =>
  queryOptions({ queryKey: ['admin', 'categories'], queryFn: () => api.call(c.listAdminCategories), staleTime: 60_000 })

/** Brands for pickers and filters: the first 100 by name (a shop with more types to search). */
export const adminBrandsQuery = (api: Api, q = '') =>
  queryOptions({
    queryKey: ['admin', 'brands', q],
    queryFn: () => api.call(c.listAdminBrands, { query: { q: q || undefined, perPage: 100, sort: 'name' } }),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  })

export const useAdminProducts = (query: c.AdminProductQuery) => useQuery(adminProductsQuery(useApi(), query))
export const useAdminProduct = (id: number) => useQuery(adminProductQuery(useApi(), id))
export const useAdminCategories = () => useQuery(adminCategoriesQuery(useApi()))
export const useAdminBrands = (q = '') => useQuery(adminBrandsQuery(useApi(), q))
/** The website's warehouses, for a new pack's opening stock (none for a role without stock: the fields are left out). */
export function useWarehouseNames() {
  const api = useApi()
  return useQuery({ queryKey: ['admin', 'warehouses'], queryFn: () => api.call(listWarehouses), staleTime: 30_000, retry: false })
}

/** A staff write changed the catalogue: staff lists and the storefront answers cached in this tab are stale. */
function useRefreshAfterWrite() {
  const qc = useQueryClient()
  return () => Promise.all([qc.invalidateQueries({ queryKey: ADMIN_KEY }), qc.invalidateQueries({ queryKey: ['catalogue'] })])
}

export function useCreateProduct() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({ mutationFn: (body: c.CreateProductInput) => api.call(c.createAdminProduct, { body }), onSuccess: refresh })
}

export function useUpdateProduct(id: number) {
  const api = useApi()
  const qc = useQueryClient()
  const refresh = useRefreshAfterWrite()
  return useMutation({
    mutationFn: (body: c.UpdateProductInput) => api.call(c.updateAdminProduct, { params: { id }, body }),
    onSuccess: (product) => {
      qc.setQueryData(adminProductQuery(api, id).queryKey, product)
      return refresh()
    },
  })
}

export function useDuplicateProduct() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({ mutationFn: (id: number) => api.call(c.duplicateAdminProduct, { params: { id }, body: {} }), onSuccess: refresh })
}

export function useBulkProducts() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({ mutationFn: (body: c.BulkProductAction) => api.call(c.bulkAdminProducts, { body }), onSuccess: refresh })
}

export function usePreviewPriceChange() {
  const api = useApi()
  return useMutation({ mutationFn: (body: c.PriceChangeInput) => api.call(c.previewPriceChange, { body }) })
}

export function useApplyPriceChange() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({ mutationFn: (body: c.PriceChangeInput) => api.call(c.applyPriceChange, { body }), onSuccess: refresh })
}

/* ---------- categories and brands ---------- */

export function useCreateCategory() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({ mutationFn: (body: c.CreateCategoryInput) => api.call(c.createAdminCategory, { body }), onSuccess: refresh })
}

export function useUpdateCategory() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({
    mutationFn: ({ id, ...body }: c.UpdateCategoryInput & { id: number }) => api.call(c.updateAdminCategory, { params: { id }, body }),
    onSuccess: refresh,
  })
}

/** The call answers the whole tree: it replaces the list at once, then the storefront's answers refresh. */
export function useMoveCategory() {
  const api = useApi()
  const qc = useQueryClient()
  const refresh = useRefreshAfterWrite()
  return useMutation({
    mutationFn: ({ id, ...body }: c.MoveCategoryInput & { id: number }) => api.call(c.moveAdminCategory, { params: { id }, body }),
    onSuccess: (answer) => {
      qc.setQueryData(adminCategoriesQuery(api).queryKey, answer)
      return refresh()
    },
  })
}

export function useDeleteCategory() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({ mutationFn: (id: number) => api.call(c.deleteAdminCategory, { params: { id } }), onSuccess: refresh })
}

export const adminBrandListQuery = (api: Api, query: c.AdminBrandQuery) =>
  queryOptions({
    queryKey: ['admin', 'brands', 'list', query],
    queryFn: () => api.call(c.listAdminBrands, { query }),
    placeholderData: keepPreviousData,
  })

export const useAdminBrandList = (query: c.AdminBrandQuery) => useQuery(adminBrandListQuery(useApi(), query))

export function useCreateBrand() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({ mutationFn: (body: c.CreateBrandInput) => api.call(c.createAdminBrand, { body }), onSuccess: refresh })
}

export function useUpdateBrand() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({
    mutationFn: ({ id, ...body }: c.UpdateBrandInput & { id: number }) => api.call(c.updateAdminBrand, { params: { id }, body }),
    onSuccess: refresh,
  })
}

/* ---------- CSV import and export ---------- */

/** The export is a plain download (the browser streams it to disk); the website comes from the address's host. */
export const CATALOGUE_EXPORT_URL = buildUrl(csv.exportCatalogueCsv.path)

/** Uploads the file as it is (its bytes: the server checks the encoding) and answers the dry run. */
export function usePreviewImport() {
  return useMutation({
    mutationFn: async (file: File) => {
      const url = buildUrl(csv.previewCatalogueImport.path, {}, { name: file.name.slice(0, 200) })
      return checkedAnswer(csv.previewCatalogueImport, url, await uploadFile(url, file, 'text/csv'))
    },
  })
}

export function useApplyImport() {
  const api = useApi()
  const refresh = useRefreshAfterWrite()
  return useMutation({ mutationFn: (token: string) => api.call(csv.applyCatalogueImport, { params: { token }, body: {} }), onSuccess: refresh })
}
