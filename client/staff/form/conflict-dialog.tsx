import { Button } from '../../ui/button'
import { Modal } from '../../ui/modal'

export interface ConflictRow {
  label: string
  theirs: string
  mine: string
}

export interface ConflictDialogProps {
  open: boolean
  /** what was edited ('this product') */
  what: string
  /** the fields someone else changed since this form was loaded, with their value and this form's */
  rows: ConflictRow[]
  onReloadTheirs: () => void
  onKeepMine: () => void
  onClose: () => void
  saving?: boolean
}

/**
 * A save refused with 409 (someone saved in between): never a silent overwrite. Shows what they changed against
 * what this form has, and lets the editor take their version or save theirs over knowingly.
 */
export function ConflictDialog({ open, what, rows, onReloadTheirs, onKeepMine, onClose, saving = false }: ConflictDialogProps) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      width={640}
      dismissible={false}
      title="Someone else saved changes"
      description={`While you were editing, ${what} was saved by someone else. Your changes are not saved yet.`}
      footer={
        <>
          <Button variant="outline" onClick={onReloadTheirs} data-autofocus="">
            Reload theirs
          </Button>
          <Button onClick={onKeepMine} loading={saving}>
            Keep mine and save
          </Button>
        </>
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm text-muted">Nothing you can see in this form changed; saving again keeps your version.</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">What changed</caption>
          <thead className="text-left text-xs font-semibold text-muted">
            <tr>
              <th scope="col" className="py-1 pr-3">
                Field
              </th>
              <th scope="col" className="py-1 pr-3">
                Theirs (saved)
              </th>
              <th scope="col" className="py-1">
                Yours
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.label} className="border-t border-border align-top">
                <th scope="row" className="py-2 pr-3 text-left font-medium">
                  {r.label}
                </th>
                <td className="py-2 pr-3 break-words">{r.theirs || '—'}</td>
                <td className="py-2 break-words">{r.mine || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Modal>
  )
}
