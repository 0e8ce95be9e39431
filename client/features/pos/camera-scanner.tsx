import { useEffect, useRef, useState } from 'react'
import { Modal } from '../../ui/modal'
import { Spinner } from '../../ui/spinner'

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>
}
type DetectorClass = new (options: { formats: string[] }) => Detector

const FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'code_128', 'code_39', 'qr_code']

/**
 * The browser's BarcodeDetector where it has one (Chrome on Android), else the `barcode-detector` polyfill
 * (zxing-wasm), both loaded only when the camera button is used. The wasm file is served from our own assets
 * (the polyfill would fetch it from a CDN otherwise).
 */
async function detectorClass(): Promise<DetectorClass> {
  const native = (window as unknown as { BarcodeDetector?: DetectorClass }).BarcodeDetector
  if (native) return native
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ])
  prepareZXingModule({ overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) } })
  return BarcodeDetector as unknown as DetectorClass
}

/** Scans a barcode with the camera (lowest priority path: a USB scanner is faster at a counter). */
export function CameraScanner({ open, onClose, onScan }: { open: boolean; onClose: () => void; onScan: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null)
  const [state, setState] = useState<'starting' | 'scanning' | string>('starting')
  const onScanRef = useRef(onScan)
  onScanRef.current = onScan
  useEffect(() => {
    if (!open) return
    let live = true
    let stream: MediaStream | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    setState('starting')
    ;(async () => {
      try {
        if (!navigator.mediaDevices?.getUserMedia) throw new Error('This browser cannot use a camera here')
        const [Detector, media] = await Promise.all([detectorClass(), navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } })])
        stream = media
        if (!live || !video.current) return
        video.current.srcObject = media
        await video.current.play()
        setState('scanning')
        const detector = new Detector({ formats: FORMATS })
        let failures = 0
        const tick = async () => {
          if (!live || !video.current) return
          try {
            const [hit] = await detector.detect(video.current)
            failures = 0
            if (hit?.rawValue && live) {
              live = false
              onScanRef.current(hit.rawValue)
              return
            }
          } catch {
            // A frame that could not be read: try the next; a reader that never works is said so.
            if (++failures >= 5) return setState('The barcode reader could not start; use the scanner or search')
          }
          timer = setTimeout(tick, 200)
        }
        void tick()
      } catch (err) {
        if (!live) return
        const name = (err as { name?: string }).name
        setState(
          name === 'NotAllowedError'
            ? 'The camera is not allowed: allow it in the browser’s site settings, or use the scanner or search'
            : name === 'NotFoundError'
              ? 'No camera found on this device'
              : 'The camera could not start; use the scanner or search',
        )
      }
    })()
    return () => {
      live = false
      clearTimeout(timer)
      for (const track of stream?.getTracks() ?? []) track.stop()
    }
  }, [open])
  return (
    <Modal open={open} onClose={onClose} title="Scan with the camera">
      <div className="flex flex-col items-center gap-3">
        <video ref={video} muted playsInline className="aspect-video w-full rounded-lg bg-black object-cover" />
        {state === 'starting' && <Spinner label="Starting the camera" className="size-6 text-primary" />}
        {state === 'scanning' && <p className="text-sm text-muted">Hold the barcode inside the picture.</p>}
        {state !== 'starting' && state !== 'scanning' && (
          <p role="alert" className="text-sm text-danger">
            {state}
          </p>
        )}
      </div>
    </Modal>
  )
}
