import { useMutation } from '@tanstack/react-query'
import { checkPincode } from '../../../common/contracts/delivery'
import { useApi } from '../../lib/api-context'

export const useCheckPincode = () => {
  const api = useApi()
  return useMutation({ mutationFn: (pincode: string) => api.call(checkPincode, { params: { pincode } }) })
}
