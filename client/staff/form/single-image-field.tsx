import { useId, useRef, useState } from 'react'
import { MEDIA_ACCEPT, MEDIA_MAX_LABEL } from '../../../common/contracts/admin-media'
import { errorText } from '../../lib/error-text'
import { Button } from '../../ui/button'
import { Image } from '../../ui/image'
import { TrashIcon, UploadIcon } from '../ui/staff-icons'
import { type UploadHandle, uploadImage } from './media-upload'

interface SingleImageFieldProps {
  /** 'Avatar', 'Logo' */
  label: string
  /** the uploaded image's path, or null */
  value: string | null
  onChange: (path: string | null) => void
  /** the server's message for the field */
  error?: string
  hint?: string
}

/** One image (a category's avatar, a brand's logo): upload with progress, preview, replace, remove. */
export function SingleImageField({ label, value, onChange, error, hint }: SingleImageFieldProps) {
  const input = useRef<HTMLInputElement>(null)
  const upload = useRef<UploadHandle | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const labelId = useId()
  const hintId = useId()
  const message = problem ?? error

  async function send(file: File) {
    setProblem(null)
    setProgress(0)
    upload.current = uploadImage(file, setProgress)
    try {
      const media = await upload.current.done
      onChange(media.path)
    } catch (err) {
      setProblem(errorText(err))
    } finally {
      upload.current = null
      setProgress(null)
    }
  }

  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-2">
      <span id={labelId} className="text-sm font-medium">
        {label}
      </span>
      <div className="flex items-center gap-4">
        <div className="flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg border border-border bg-background">
          {value ? (
            <Image src={value} size="thumb" width={80} height={80} alt={`${label} preview`} className="size-full object-contain" />
          ) : (
            <span className="text-xs text-muted">No image</span>
          )}
        </div>
        <div className="flex min-w-0 flex-col items-start gap-2">
          {progress !== null ? (
            <div className="flex items-center gap-2">
              <span
                role="progressbar"
                aria-label={`Uploading the ${label.toLowerCase()}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(progress * 100)}
                className="h-1.5 w-32 overflow-hidden rounded-full bg-border"
              >
                <span className="block h-full rounded-full bg-primary" style={{ width: `${Math.round(progress * 100)}%` }} />
              </span>
              <Button variant="ghost" size="sm" onClick={() => upload.current?.abort()}>
                Cancel
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => input.current?.click()} aria-describedby={hintId}>
                <UploadIcon /> {value ? 'Replace' : 'Upload'} {label.toLowerCase()}
              </Button>
              {value && (
                <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
                  <TrashIcon /> Remove
                </Button>
              )}
            </div>
          )}
          <p id={hintId} className="text-xs text-muted">
            {hint ?? `JPEG, PNG or WebP, up to ${MEDIA_MAX_LABEL}.`}
          </p>
        </div>
      </div>
      {message && (
        <p role="alert" className="text-sm text-danger">
          {message}
        </p>
      )}
      <input
        ref={input}
        type="file"
        accept={MEDIA_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={`${label.toLowerCase()}-input`}
        onChange={(e) => {
          const file = e.target.files?.[0]
          e.target.value = ''
          if (file) void send(file)
        }}
      />
    </div>
  )
}
