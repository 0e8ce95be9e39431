import { TextField } from '../../ui/form-field'
import { TextareaField } from '../../ui/textarea-field'
import type { EditorPage } from './editor-state'

interface PageSettingsFieldsProps {
  page: EditorPage
  setField: <K extends keyof EditorPage>(key: K, value: EditorPage[K]) => void
  /** field path → message */
  errors: Record<string, string>
}

/** The page's own settings: navbar and footer, what search engines read, and the page's CSS. */
export function PageSettingsFields({ page, setField, errors }: PageSettingsFieldsProps) {
  return (
    <>
      <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-semibold">On this page, show</legend>
        {(
          [
            ['show_navbar', 'The navbar (logo, search, cart)'],
            ['show_sub_navbar', 'The sub-navbar (menu)'],
            ['show_footer', 'The footer'],
          ] as const
        ).map(([key, label]) => (
          <label key={key} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={page[key]} onChange={(e) => setField(key, e.target.checked)} />
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset className="flex flex-col gap-3 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-semibold">Search engines</legend>
        <TextField
          label="SEO title"
          value={page.seo_title}
          onChange={(e) => setField('seo_title', e.target.value)}
          error={errors.seo_title}
          hint="The browser tab and search result title"
        />
        <TextareaField
          label="SEO description"
          rows={3}
          value={page.seo_description}
          onChange={(e) => setField('seo_description', e.target.value)}
          error={errors.seo_description}
          hint="One or two sentences shown under the title in search results"
        />
        <TextField
          label="SEO keywords"
          value={page.seo_keyword}
          onChange={(e) => setField('seo_keyword', e.target.value)}
          error={errors.seo_keyword}
          hint="Separated by commas"
        />
        <TextareaField
          label="Schema (JSON-LD)"
          rows={6}
          className="[&_textarea]:font-mono"
          value={page.schema_script}
          onChange={(e) => setField('schema_script', e.target.value)}
          error={errors.schema_script}
          hint='Structured data for search engines, as JSON: {"@context": "https://schema.org", …}'
          spellCheck={false}
        />
      </fieldset>
      <TextareaField
        label="Page CSS"
        rows={8}
        className="[&_textarea]:font-mono"
        value={page.css}
        onChange={(e) => setField('css', e.target.value)}
        error={errors.css}
        hint="Applies to this page’s blocks only. @import, outside url()s, fixed positioning and scripts are removed when you save."
        spellCheck={false}
      />
    </>
  )
}
