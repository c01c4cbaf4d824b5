/** Documents the zoo's apps open, written by the tests themselves (no binary fixtures). */

/**
 * A minimal PDF 1.4 with one page per string, each showing it in Helvetica: enough for a viewer to render and expose
 * the text. Offsets in the cross-reference table are byte offsets, so the text must be ASCII.
 */
export const pdfWithPages = (pages: ReadonlyArray<string>): string => {
  const font = 3 + 2 * pages.length
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${3 + 2 * i} 0 R`).join(" ")}] /Count ${pages.length} >>`,
    ...pages.flatMap((text, i) => {
      const stream = `BT /F1 18 Tf 30 100 Td (${text}) Tj ET`
      return [
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents ${4 + 2 * i} 0 R /Resources << /Font << /F1 ${font} 0 R >> >> >>`,
        `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`
      ]
    }),
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
  ]
  let out = "%PDF-1.4\n"
  const offsets: Array<number> = []
  objects.forEach((object, i) => {
    offsets.push(out.length)
    out += `${i + 1} 0 obj\n${object}\nendobj\n`
  })
  const xref = out.length
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`
  return `${out}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
}

/**
 * A page with a table of `rows` rows (plus its header row), each a label and a button "Open N" whose click writes
 * "clicked N" into the page title: the browser's window title is the read-back.
 */
export const tablePage = (rows: number): string =>
  `<!doctype html><html><head><meta charset="utf-8"><title>rows ${rows}</title></head><body><h1>Table of ${rows}</h1>` +
  `<table><tr><th>Row</th><th>Action</th></tr>` +
  Array.from({ length: rows }, (_, i) => `<tr><td>row ${i}</td><td><button onclick="document.title='clicked ${i}'">Open ${i}</button></td></tr>`).join("") +
  `</table></body></html>`
