/** A form-level message (what no single field explains), announced to screen readers. */
export function FormAlert({ id, message }: { id?: string; message: string | null }) {
  if (!message) return null
  return (
    <p id={id} role="alert" className="rounded-md border border-danger/30 bg-danger/5 px-3 py-2 text-sm text-danger">
      {message}
    </p>
  )
}
