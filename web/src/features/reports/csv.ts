/** Builds a CSV file (RFC 4180 quoting) and downloads it. */
export function toCSV(rows: (string | number)[][]): string {
  return rows
    .map((r) =>
      r
        .map((v) => {
          let s = String(v);
          if (/^[=+\-@]/.test(s) && typeof v === 'string') s = `'${s}`;
          return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
        })
        .join(','),
    )
    .join('\n');
}

export function downloadCSV(name: string, rows: (string | number)[][]) {
  const blob = new Blob([toCSV(rows) + '\n'], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  URL.revokeObjectURL(url);
}
