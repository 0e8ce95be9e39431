import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, open, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'

/**
 * A backup is one .tar.gz of a few regular files (POSIX ustar, readable with `tar -xzf`). Written here rather than
 * with a package: a backup needs nothing of tar but files, and the tar packages bring half a dozen more into
 * production.
 */
const BLOCK = 512

/**
 * Writes `files` (names inside the archive → paths on disk) to `file`, through `file.partial` so a cut-short run leaves
 * no archive; readable by its owner only (it holds customers' names, numbers and addresses).
 */
export async function writeArchive(file: string, files: { name: string; path: string }[]) {
  const partial = `${file}.partial`
  try {
    await pipeline(Readable.from(tarOf(files)), createGzip(), createWriteStream(partial, { mode: 0o600 }))
  } catch (err) {
    await rm(partial, { force: true })
    throw err
  }
  await rename(partial, file)
}

async function* tarOf(files: { name: string; path: string }[]) {
  for (const f of files) {
    const { size, mtimeMs } = await stat(f.path)
    yield header(f.name, size, Math.floor(mtimeMs / 1000))
    for await (const chunk of createReadStream(f.path)) yield chunk as Buffer
    if (size % BLOCK) yield Buffer.alloc(BLOCK - (size % BLOCK))
  }
  yield Buffer.alloc(BLOCK * 2)
}

function header(name: string, size: number, mtime: number) {
  if (Buffer.byteLength(name) > 100) throw new Error(`${name}: a name in the archive has at most 100 bytes`)
  const h = Buffer.alloc(BLOCK)
  h.write(name, 0)
  h.write('0000644\0', 100)
  h.write('0000000\0', 108)
  h.write('0000000\0', 116)
  writeSize(h, size)
  h.write(`${mtime.toString(8).padStart(11, '0')}\0`, 136)
  h.write('        ', 148)
  h.write('0', 156)
  h.write('ustar\x0000', 257)
  let sum = 0
  for (const byte of h) sum += byte
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148)
  return h
}

/** 11 octal digits hold 8 GiB; past that, GNU tar's base-256 form (the first byte's high bit set). */
function writeSize(h: Buffer, size: number) {
  if (size < 8 ** 11) h.write(`${size.toString(8).padStart(11, '0')}\0`, 124)
  else {
    h[124] = 0x80
    h.writeBigUInt64BE(BigInt(size), 128)
  }
}

function readSize(h: Buffer) {
  if (h[124] & 0x80) return Number(h.readBigUInt64BE(128))
  return Number.parseInt(text(h, 124, 12) || '0', 8)
}

const text = (h: Buffer, at: number, length: number) =>
  h
    .toString('utf8', at, at + length)
    .replace(/\0.*$/s, '')
    .trim()

/** Extracts the regular files of `file` into `dir` (nothing outside it); answers their names. */
export async function readArchive(file: string, dir: string): Promise<string[]> {
  const read = byteReader(createReadStream(file).pipe(createGunzip()))
  const names: string[] = []
  for (;;) {
    const h = await read.exactly(BLOCK)
    if (!h || h.every((b) => b === 0)) return names
    const prefix = text(h, 345, 155)
    const name = prefix ? `${prefix}/${text(h, 0, 100)}` : text(h, 0, 100)
    const size = readSize(h)
    const type = String.fromCharCode(h[156])
    const target = path.resolve(dir, name)
    const regular = (type === '0' || type === '\0') && target.startsWith(path.resolve(dir) + path.sep)
    const out = regular ? await openFile(target) : null
    for (let left = size; left > 0; ) {
      const chunk = await read.some(left)
      if (out) await out.write(chunk)
      left -= chunk.length
    }
    await out?.close()
    if (size % BLOCK) await read.exactly(BLOCK - (size % BLOCK))
    if (regular) names.push(name)
  }
}

async function openFile(target: string) {
  await mkdir(path.dirname(target), { recursive: true })
  return open(target, 'w')
}

/** `exactly(n)` bytes (null at the stream's end), or `some` of the next bytes, at most `max` (a file's content). */
function byteReader(source: AsyncIterable<Buffer>) {
  const chunks = source[Symbol.asyncIterator]()
  let buffered: Buffer = Buffer.alloc(0)
  const more = async () => {
    const { value, done } = await chunks.next()
    if (done) return false
    buffered = buffered.length ? Buffer.concat([buffered, value]) : value
    return true
  }
  const take = (n: number) => {
    const out = buffered.subarray(0, n)
    buffered = buffered.subarray(n)
    return out
  }
  return {
    async exactly(n: number): Promise<Buffer | null> {
      while (buffered.length < n) {
        if (await more()) continue
        if (!buffered.length) return null
        throw new Error('the archive is cut short')
      }
      return take(n)
    },
    async some(max: number): Promise<Buffer> {
      if (!buffered.length && !(await more())) throw new Error('the archive is cut short')
      return take(max)
    },
  }
}
