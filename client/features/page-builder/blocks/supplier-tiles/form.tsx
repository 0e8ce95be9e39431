import { TextField } from '../../../../ui/form-field'
import { SingleImageField } from '../../../../staff/form/single-image-field'
import { Check, LinkField, TitleField } from '../form-fields'
import { type BlockEditor, type BlockFormProps, orNone, propSetters } from '../form-props'
import { ItemList } from '../item-list'

export const supplierTilesEditor: BlockEditor<'supplier_tiles'> = {
  label: 'Supplier tiles',
  description: 'Tiles with an avatar, an image and a link',
  make: () => ({ name: 'Suppliers', type: 'supplier_tiles', data: { title: 'Our suppliers', items: [] }, settings: {}, logicdata: {} }),
  Form: SupplierTilesForm,
}

function SupplierTilesForm(props: BlockFormProps<'supplier_tiles'>) {
  const { block, error } = props
  const { setData } = propSetters(props)
  return (
    <>
      <TitleField value={block.data.title} onChange={(title) => setData({ title })} error={error('data.title')} />
      <p className="text-sm text-muted">
        No tiles here: the block shows the website’s supplier tiles (Website Settings → Popup &amp; SEO) when “Show the supplier page” is on in Site.
      </p>
      <ItemList
        label="Tiles"
        items={block.data.items ?? []}
        onChange={(items) => setData({ items })}
        make={() => ({ name: '' })}
        itemLabel={(i) => `Tile ${i + 1}`}
        error={error('data.items')}
        render={(item, setItem, i) => (
          <>
            <TextField
              label="Name"
              value={item.name ?? ''}
              onChange={(e) => setItem({ name: orNone(e.target.value) })}
              error={error(`data.items.${i}.name`)}
              required
            />
            <TextField
              label="Title"
              value={item.title ?? ''}
              onChange={(e) => setItem({ title: orNone(e.target.value) })}
              error={error(`data.items.${i}.title`)}
            />
            <LinkField label="Link" value={item.link} onChange={(link) => setItem({ link })} error={error(`data.items.${i}.link`)} />
            <SingleImageField
              label="Avatar"
              value={item.avatar || null}
              onChange={(v) => setItem({ avatar: orNone(v ?? '') })}
              error={error(`data.items.${i}.avatar`)}
            />
            <SingleImageField
              label="Image"
              value={item.image || null}
              onChange={(v) => setItem({ image: orNone(v ?? '') })}
              error={error(`data.items.${i}.image`)}
            />
            <Check label="Show a border" checked={item.border === true} onChange={(border) => setItem({ border })} />
          </>
        )}
      />
    </>
  )
}
