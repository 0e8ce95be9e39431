import { PassThrough, pipeline, Readable } from 'node:stream'
import type { FastifyReply } from 'fastify'
import { CSV_BOM, type CsvCell, csvFile, csvRecord } from '../../common/csv'

/** Bytes gathered before a streamed file's next write (a write per row would be thousands of tiny writes). */
const CHUNK = 64 * 1024

/**
 * A CSV file as a download, written by the one writer (common/csv.ts): rows in memory are sent in one piece, rows
 * from an async iterable are streamed as they come (memory stays flat, the client's pace stops the reading).
 */
export function sendCsv(reply: FastifyReply, fileName: string, rows: Iterable<readonly CsvCell[]> | AsyncIterable<readonly CsvCell[]>) {
  reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${fileName}"`)
  if (!(Symbol.asyncIterator in rows)) return reply.send(csvFile(rows))
  const out = new PassThrough()
  pipeline(csvStream(rows), out, (err) => {
    if (err) reply.log.warn({ err, file: fileName }, 'CSV download stopped')
  })
  return reply.send(out)
}

/** A file's text as a stream (the BOM, then the records, about 64 KB a chunk), pulled as it is read. */
export const csvStream = (rows: AsyncIterable<readonly CsvCell[]>) => Readable.from(chunks(rows))

async function* chunks(rows: AsyncIterable<readonly CsvCell[]>) {
  let pending = CSV_BOM
  for await (const row of rows) {
    pending += csvRecord(row)
    if (pending.length >= CHUNK) {
      yield pending
      pending = ''
    }
  }
  if (pending) yield pending
}
