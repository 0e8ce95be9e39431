import { TextField } from '../../../../ui/form-field'
import { SingleImageField } from '../../../admin/single-image-field'
import { Check, LinkField, list, str, TitleField } from '../form-fields'
import { type BlockFormProps, useSetter } from '../form-props'
import { ItemList } from '../item-list'

export function SupplierTilesForm(props: BlockFormProps) {
  const { block, error } = props
  const set = useSetter(props)
  return (
    <>
      <TitleField {...props} />
      <p className="text-sm text-muted">
        No tiles here: the block shows the website’s supplier tiles (Website Settings → Popup &amp; SEO) when “Show the supplier page” is on in Site.
      </p>
      <ItemList
        label="Tiles"
        items={list(block.data.items)}
        onChange={(items) => set('data', 'items', items)}
        make={() => ({ name: '' })}
        itemLabel={(i) => `Tile ${i + 1}`}
        error={error('data.items')}
        render={(item, setItem, i) => (
          <>
            <TextField label="Name" value={str(item.name)} onChange={(e) => setItem('name', e.target.value)} error={error(`data.items.${i}.name`)} required />
            <TextField label="Title" value={str(item.title)} onChange={(e) => setItem('title', e.target.value)} error={error(`data.items.${i}.title`)} />
            <LinkField label="Link" value={item.link} onChange={(v) => setItem('link', v)} error={error(`data.items.${i}.link`)} />
            <SingleImageField
              label="Avatar"
              value={str(item.avatar) || null}
              onChange={(v) => setItem('avatar', v ?? undefined)}
              error={error(`data.items.${i}.avatar`)}
            />
            <SingleImageField
              label="Image"
              value={str(item.image) || null}
              onChange={(v) => setItem('image', v ?? undefined)}
              error={error(`data.items.${i}.image`)}
            />
            <Check label="Show a border" checked={item.border === true} onChange={(v) => setItem('border', v)} />
          </>
        )}
      />
    </>
  )
}
