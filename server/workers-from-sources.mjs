// The worker threads' module when the server runs from its TypeScript sources (npm start, npm run dev, tests): it
// loads server/workers.ts through tsx in the thread itself (a worker's own --import is not honoured on every Node).
import { register } from 'tsx/esm/api'

register()
export const { taxDocumentPdf, khataStatementPdf, catalogueCsvRead, catalogueCsvWanted, catalogueCsvPlan } = await import('./workers.ts')
