/**
 * Renders the app's PNG icons from app/public/icons/icon.svg in chromium: `npx tsx test/render-icons.ts`.
 * Run it after changing the SVG and commit the PNGs (browsers want PNG icons to offer an install).
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { launchBrowser } from './support/browser.ts'

const DIR = fileURLToPath(new URL('../app/public/icons/', import.meta.url))
const svg = readFileSync(`${DIR}icon.svg`, 'utf8')
// `maskable` keeps the mark inside the safe circle (80%) that launchers crop icons to.
const ICONS = [
  { file: 'icon-192.png', size: 192, inset: 0 },
  { file: 'icon-512.png', size: 512, inset: 0 },
  { file: 'apple-touch-icon.png', size: 180, inset: 0 },
  { file: 'maskable-512.png', size: 512, inset: 0.12 },
]

const browser = await launchBrowser()
try {
  for (const { file, size, inset } of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size } })
    const pad = Math.round(size * inset)
    await page.setContent(
      `<body style="margin:0;background:#14161c"><div style="padding:${pad}px;width:${size}px;height:${size}px;box-sizing:border-box">${svg.replace('<svg ', `<svg width="${size - 2 * pad}" height="${size - 2 * pad}" `)}</div></body>`,
    )
    await page.screenshot({ path: `${DIR}${file}`, omitBackground: false })
    console.log(`  ${file}`)
    await page.close()
  }
} finally {
  await browser.close()
}
