/**
 * A page's `schema_script` (JSON-LD, SECURITY XS-02): the contract refuses text that is not JSON; what is kept is
 * re-serialised, so only JSON's own syntax reaches the page. The head writer (client/app/head.ts safeJsonLd)
 * escapes `<`, `>`, `&`, U+2028 and U+2029 as \uXXXX, so no text in it can close the script element.
 */
export function cleanSchemaScript(script: string | null): string | null {
  if (script === null || script.trim() === '') return null
  return JSON.stringify(JSON.parse(script))
}
