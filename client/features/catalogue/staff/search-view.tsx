import { type FormEvent, useState } from 'react'
import type { SearchMiss } from '../../../../common/contracts/admin-search'
import { errorText } from '../../../lib/error-text'
import { Button } from '../../../ui/button'
import { FormAlert } from '../../../ui/form-alert'
import { toast } from '../../../ui/toast'
import { Card } from '../../../staff/ui/card'
import { PageHeader } from '../../../staff/ui/page-header'
import { TrashIcon } from '../../../staff/ui/staff-icons'
import { useAddSynonym, useRemoveSynonym, useSearchMisses, useSearchSynonyms } from './search-api'

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })
const cell = 'px-3 py-2 text-left align-middle'

/** One query of the zero-result report, with its 'Add synonym' form opened in place. */
function MissRow({ miss }: { miss: SearchMiss }) {
  const [open, setOpen] = useState(false)
  const [means, setMeans] = useState('')
  const add = useAddSynonym()
  async function save(e: FormEvent) {
    e.preventDefault()
    await add.mutateAsync({ term: miss.query, means })
    toast.success(`“${miss.query}” now finds ${means}`)
  }
  return (
    <tr className="border-t border-border">
      <td className={`${cell} font-medium`}>{miss.query}</td>
      <td className={`${cell} text-right tabular-nums`}>{miss.count}</td>
      <td className={`${cell} text-muted`}>{when(miss.last_at)}</td>
      <td className={cell}>
        {open ? (
          <form onSubmit={(e) => void save(e).catch(() => undefined)} className="flex flex-wrap items-center gap-2">
            <label className="sr-only" htmlFor={`means-${miss.query}`}>
              What “{miss.query}” means
            </label>
            <input
              id={`means-${miss.query}`}
              // biome-ignore lint/a11y/noAutofocus: the field the click opened
              autoFocus
              value={means}
              onChange={(e) => setMeans(e.target.value)}
              placeholder="means… e.g. basmati rice"
              className="h-9 w-48 rounded-md border border-border bg-surface px-2 text-sm"
            />
            <Button size="sm" type="submit" disabled={!means.trim() || add.isPending}>
              Save
            </Button>
            <Button size="sm" variant="outline" type="button" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            {add.error && <FormAlert message={errorText(add.error)} />}
          </form>
        ) : (
          <Button size="sm" variant="outline" onClick={() => setOpen(true)} aria-label={`Add synonym for ${miss.query}`}>
            Add synonym
          </Button>
        )}
      </td>
    </tr>
  )
}

/** Administration › Search: the zero-result report and this website's own synonyms (issue 15). */
export function SearchView() {
  const misses = useSearchMisses()
  const synonyms = useSearchSynonyms()
  const remove = useRemoveSynonym()
  return (
    <>
      <PageHeader
        title="Search"
        description="Search understands Hinglish, Devanagari, typos and a dictionary of everyday grocery words. When shoppers still find nothing, their words show here: add a synonym and the same words find the product at once."
      />
      <div className="grid gap-6">
        <Card title="Searches that found nothing" description="Most frequent first. A synonym you add removes its query from this list.">
          {misses.error ? (
            <FormAlert message={errorText(misses.error)} />
          ) : !misses.data ? (
            <p className="text-sm text-muted">Loading…</p>
          ) : misses.data.data.length === 0 ? (
            <p className="text-sm text-muted">No search has come up empty.</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label="Searches that found nothing">
                <thead className="text-muted">
                  <tr>
                    <th className={cell}>Query</th>
                    <th className={`${cell} text-right`}>Searches</th>
                    <th className={cell}>Last</th>
                    <th className={cell}>
                      <span className="sr-only">Fix</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {misses.data.data.map((m) => (
                    <MissRow key={m.query} miss={m} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </Card>
        <Card title="Synonyms" description="The shopper’s words on the left find products named with the words on the right.">
          {synonyms.data?.data.length ? (
            <div className="overflow-x-auto">
              <table className="w-full text-sm" aria-label="Synonyms">
                <thead className="text-muted">
                  <tr>
                    <th className={cell}>Shoppers type</th>
                    <th className={cell}>Finds</th>
                    <th className={cell}>
                      <span className="sr-only">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {synonyms.data.data.map((s) => (
                    <tr key={s.id} className="border-t border-border">
                      <td className={`${cell} font-medium`}>{s.term}</td>
                      <td className={cell}>{s.means}</td>
                      <td className={`${cell} w-px`}>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Remove synonym ${s.term}`}
                          onClick={() => remove.mutate(s.id)}
                          disabled={remove.isPending}
                        >
                          <TrashIcon />
                        </Button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-sm text-muted">{synonyms.data ? 'None yet: add one from the report above.' : 'Loading…'}</p>
          )}
        </Card>
      </div>
    </>
  )
}
