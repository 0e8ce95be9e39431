// The import rules of .dependency-cruiser.cjs over the whole tree. Exits 1 on any violation.
// dependency-cruiser's own command refuses Node 20 (it declares ^22), so it is run through its API, which works here.
import { cruise, format } from 'dependency-cruiser'
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options'

const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs')
const result = await cruise(['server', 'client', 'common', 'tests', 'bench', 'scripts'], options)
const report = await format(result.output, { outputType: 'err' })
process.stdout.write(report.output)
process.exitCode = report.exitCode > 0 ? 1 : 0
