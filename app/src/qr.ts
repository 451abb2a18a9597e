/** A QR code as one SVG path: loaded on demand by the GM's share card, so a player's phone never fetches it. */
import qrcode from 'qrcode-generator'

export interface QrPath {
  /** Modules per side, without the quiet zone. */
  size: number
  /** One `M x y h1 v1 h-1 z` square per dark module, in module units. */
  d: string
}

/** Error correction M: survives a smudged tablet screen and still fits a long link in a small version. */
export function qrPath(text: string): QrPath {
  const qr = qrcode(0, 'M')
  qr.addData(text)
  qr.make()
  const size = qr.getModuleCount()
  let d = ''
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      if (qr.isDark(row, col)) d += `M${col} ${row}h1v1h-1z`
    }
  }
  return { size, d }
}
