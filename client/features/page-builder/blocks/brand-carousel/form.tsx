import { TitleField } from '../form-fields'
import type { BlockFormProps } from '../form-props'

export const BrandCarouselForm = (props: BlockFormProps) => <TitleField {...props} />
