import { type DragEvent, useId, useRef, useState } from 'react'
import { type Control, type FieldErrors, type UseFormRegister, useFieldArray } from 'react-hook-form'
import { MAX_PRODUCT_IMAGES } from '../../../../common/contracts/admin-catalogue'
import { MEDIA_ACCEPT, MEDIA_MAX_LABEL } from '../../../../common/contracts/admin-media'
import { cn } from '../../../lib/cn'
import { errorText } from '../../../lib/error-text'
import { TextField } from '../../../ui/form-field'
import { Image } from '../../../ui/image'
import { ArrowLeftIcon, ArrowRightIcon, CloseIcon, GripIcon, TrashIcon, UploadIcon } from '../../../staff/ui/staff-icons'
import { uploadImage } from '../../../staff/form/media-upload'
import type { ProductFormValues } from './product-form-values'

const iconButton = 'flex size-8 items-center justify-center rounded-md border border-border bg-surface text-muted hover:text-text disabled:opacity-40'
/** what a drag of one of the thumbnails carries (a drag of files from the computer carries 'Files') */
const REORDER = 'application/x-product-image'

interface Upload {
  key: number
  name: string
  /** 0 … 1 */
  progress: number
  error: string | null
}

interface ProductImagesProps<Out> {
  control: Control<ProductFormValues, unknown, Out>
  register: UseFormRegister<ProductFormValues>
  errors: FieldErrors<ProductFormValues>
}

/**
 * The product's images: upload (file picker or drop), alt text, reorder by drag or by the arrow buttons, remove.
 * The first is the card image. Uploaded images join the form; they are the product's once it is saved.
 */
export function ProductImages<Out>({ control, register, errors }: ProductImagesProps<Out>) {
  const { fields, append, remove, move } = useFieldArray({ control, name: 'medias', keyName: 'key' })
  const [uploads, setUploads] = useState<Upload[]>([])
  const [dropping, setDropping] = useState(false)
  const [dragged, setDragged] = useState<number | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const input = useRef<HTMLInputElement>(null)
  const list = useRef<HTMLOListElement>(null)
  const nextKey = useRef(0)
  // The paths already in the form, kept current for uploads that finish after a re-render.
  const paths = useRef<string[]>([])
  paths.current = fields.map((f) => f.src)
  const hintId = useId()
  const full = fields.length >= MAX_PRODUCT_IMAGES

  const patch = (key: number, change: Partial<Upload>) => setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)))

  async function add(files: File[]) {
    const room = MAX_PRODUCT_IMAGES - paths.current.length
    const queued = files.map((file, i) => ({ file, key: nextKey.current++, refused: i >= room }))
    setUploads((all) => [
      ...all,
      ...queued.map(({ file, key, refused }) => ({
        key,
        name: file.name,
        progress: 0,
        error: refused ? `Not added: a product has at most ${MAX_PRODUCT_IMAGES} images` : null,
      })),
    ])
    // One at a time, in the order chosen, so the images join the list in that order.
    for (const { file, key, refused } of queued) {
      if (refused) continue
      try {
        const media = await uploadImage(file, (progress) => patch(key, { progress })).done
        if (paths.current.includes(media.path)) {
          patch(key, { error: 'This image is already in the list', progress: 1 })
          continue
        }
        paths.current = [...paths.current, media.path]
        append({ src: media.path, alt: '' }, { shouldFocus: false })
        setUploads((all) => all.filter((u) => u.key !== key))
        setAnnouncement(`${file.name} uploaded`)
      } catch (err) {
        patch(key, { error: errorText(err) })
      }
    }
  }

  // After a move, focus stays with the image: on the same button, or its other arrow when that one is now disabled.
  const focusButton = (index: number, action: string) =>
    requestAnimationFrame(() => {
      const own = list.current?.querySelector<HTMLButtonElement>(`[data-image="${index}"][data-action="${action}"]:not(:disabled)`)
      ;(own ?? list.current?.querySelector<HTMLButtonElement>(`[data-image="${index}"]:not(:disabled)`))?.focus()
    })

  const moveTo = (from: number, to: number, action?: string) => {
    if (to < 0 || to >= fields.length || from === to) return
    move(from, to)
    setAnnouncement(`Image moved to position ${to + 1} of ${fields.length}${to === 0 ? ': it is now the card image' : ''}`)
    if (action) focusButton(to, action)
  }

  const onZoneDrag = (e: DragEvent) => {
    if (!e.dataTransfer.types.includes('Files')) return
    e.preventDefault()
    setDropping(e.type !== 'dragleave')
  }

  const listError = errors.medias?.message ?? errors.medias?.root?.message

  return (
    <div className="flex flex-col gap-4">
      <div
        role="group"
        aria-label="Product images"
        onDragEnter={onZoneDrag}
        onDragOver={onZoneDrag}
        onDragLeave={onZoneDrag}
        onDrop={(e) => {
          if (!e.dataTransfer.types.includes('Files')) return
          e.preventDefault()
          setDropping(false)
          void add([...e.dataTransfer.files])
        }}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors',
          dropping ? 'border-primary bg-primary/5' : 'border-border bg-background',
        )}
      >
        <UploadIcon className="size-6 text-muted" />
        <p className="text-sm">
          <span className="font-medium">Drop images here</span> or{' '}
          <button
            type="button"
            className="font-medium text-primary underline underline-offset-4 hover:no-underline disabled:opacity-60"
            onClick={() => input.current?.click()}
            disabled={full}
            aria-describedby={hintId}
          >
            choose images
          </button>
        </p>
        <p id={hintId} className="text-xs text-muted">
          {full ? `A product has at most ${MAX_PRODUCT_IMAGES} images: remove one to add another.` : `JPEG, PNG or WebP, up to ${MEDIA_MAX_LABEL} each.`}
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={MEDIA_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="image-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])]
            e.target.value = ''
            if (files.length) void add(files)
          }}
        />
      </div>

      {uploads.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li
              key={u.key}
              className={cn('flex items-center gap-3 rounded-md border px-3 py-2 text-sm', u.error ? 'border-danger/40 bg-danger/5' : 'border-border')}
            >
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{u.name}</span>
                {u.error ? (
                  <span role="alert" className="block text-danger">
                    {u.error}
                  </span>
                ) : (
                  <span className="mt-1 flex items-center gap-2">
                    <span
                      role="progressbar"
                      aria-label={`Uploading ${u.name}`}
                      aria-valuemin={0}
                      aria-valuemax={100}
                      aria-valuenow={Math.round(u.progress * 100)}
                      className="h-1.5 flex-1 overflow-hidden rounded-full bg-border"
                    >
                      <span className="block h-full rounded-full bg-primary transition-[width]" style={{ width: `${Math.round(u.progress * 100)}%` }} />
                    </span>
                    <span className="w-10 text-right text-xs text-muted tabular-nums">{Math.round(u.progress * 100)} %</span>
                  </span>
                )}
              </span>
              {u.error && (
                <button
                  type="button"
                  className={iconButton}
                  aria-label={`Dismiss the message about ${u.name}`}
                  onClick={() => setUploads((all) => all.filter((x) => x.key !== u.key))}
                >
                  <CloseIcon />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}

      {fields.length === 0 ? (
        <p className="text-sm text-muted">No images yet: the store shows a placeholder.</p>
      ) : (
        <ol ref={list} className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3" aria-label="Images, in the order the store shows them">
          {fields.map((field, i) => {
            const e = errors.medias?.[i]
            return (
              <li
                key={field.key}
                draggable
                onDragStart={(ev) => {
                  ev.dataTransfer.setData(REORDER, String(i))
                  ev.dataTransfer.effectAllowed = 'move'
                  setDragged(i)
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(ev) => {
                  if (!ev.dataTransfer.types.includes(REORDER)) return
                  ev.preventDefault()
                  ev.dataTransfer.dropEffect = 'move'
                }}
                onDrop={(ev) => {
                  if (!ev.dataTransfer.types.includes(REORDER)) return
                  ev.preventDefault()
                  moveTo(Number(ev.dataTransfer.getData(REORDER)), i)
                  setDragged(null)
                }}
                className={cn(
                  'flex flex-col gap-2 rounded-md border bg-surface p-2',
                  i === 0 ? 'border-primary' : 'border-border',
                  dragged === i && 'opacity-50',
                  e?.src && 'border-danger',
                )}
              >
                <div className="relative">
                  <Image src={field.src} size="thumb" alt="" width={200} height={200} className="aspect-square w-full rounded bg-background object-contain" />
                  <span className="absolute top-1 left-1 rounded bg-surface/90 px-1.5 py-0.5 text-xs font-semibold tabular-nums">{i + 1}</span>
                  {i === 0 && <span className="absolute top-1 right-1 rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-on-primary">Card image</span>}
                  <GripIcon className="absolute right-1 bottom-1 size-5 cursor-grab rounded bg-surface/90 p-0.5 text-muted" />
                </div>
                {e?.src?.message && (
                  <p role="alert" className="text-xs text-danger">
                    {e.src.message}
                  </p>
                )}
                <TextField
                  label="Alt text"
                  aria-label={`Alt text of image ${i + 1}`}
                  placeholder="What it shows"
                  maxLength={200}
                  error={e?.alt?.message}
                  className="text-sm [&_input]:h-9"
                  {...register(`medias.${i}.alt`)}
                />
                <div className="flex items-center gap-1">
                  <button
                    type="button"
                    className={iconButton}
                    data-image={i}
                    data-action="left"
                    aria-label={`Move image ${i + 1} left`}
                    disabled={i === 0}
                    onClick={() => moveTo(i, i - 1, 'left')}
                  >
                    <ArrowLeftIcon />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    data-image={i}
                    data-action="right"
                    aria-label={`Move image ${i + 1} right`}
                    disabled={i === fields.length - 1}
                    onClick={() => moveTo(i, i + 1, 'right')}
                  >
                    <ArrowRightIcon />
                  </button>
                  <button
                    type="button"
                    className={cn(iconButton, 'ml-auto hover:text-danger')}
                    aria-label={`Remove image ${i + 1}`}
                    onClick={() => {
                      remove(i)
                      setAnnouncement(`Image ${i + 1} removed`)
                    }}
                  >
                    <TrashIcon />
                  </button>
                </div>
                {i > 0 && (
                  <button
                    type="button"
                    className="self-start rounded text-xs font-medium text-primary underline-offset-4 hover:underline"
                    onClick={() => moveTo(i, 0, 'right')}
                  >
                    Make card image
                  </button>
                )}
              </li>
            )
          })}
        </ol>
      )}
      {listError && (
        <p role="alert" className="text-sm text-danger">
          {listError}
        </p>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  )
}
