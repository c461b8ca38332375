// One mail body, written once as blocks and printed twice: the text part and the HTML part say
// the same thing, so a reader whose client shows either misses nothing.

/** A block of a mail's body. */
export type Block =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  /** Label and value pairs (an order's lines, fees and totals). */
  | { type: 'table'; rows: readonly (readonly [string, string])[] }
  | { type: 'link'; label: string; href: string };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text for HTML: titles and names come from the catalog and the shoppers. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** Full-width characters count twice in a monospaced mail client. */
function width(text: string): number {
  let w = 0;
  for (const c of text) w += /[\u1100-\uffff]/.test(c) ? 2 : 1;
  return w;
}

export function renderText(blocks: readonly Block[]): string {
  const parts = blocks.map((block) => {
    switch (block.type) {
      case 'heading':
        return `■ ${block.text}`;
      case 'paragraph':
        return block.text;
      case 'table': {
        const labelWidth = Math.max(0, ...block.rows.map(([label]) => width(label)));
        return block.rows
          .map(([label, value]) => `${label}${' '.repeat(labelWidth - width(label))}  ${value}`)
          .join('\n');
      }
      case 'link':
        return `${block.label}\n${block.href}`;
      default:
        return block satisfies never;
    }
  });
  return `${parts.join('\n\n')}\n`;
}

export function renderHtml(title: string, blocks: readonly Block[]): string {
  const body = blocks
    .map((block) => {
      switch (block.type) {
        case 'heading':
          return `<h2 style="font-size:16px;margin:24px 0 8px">${escapeHtml(block.text)}</h2>`;
        case 'paragraph':
          return `<p style="margin:0 0 12px;white-space:pre-line">${escapeHtml(block.text)}</p>`;
        case 'table':
          return `<table style="border-collapse:collapse;margin:0 0 12px">${block.rows
            .map(
              ([label, value]) =>
                `<tr><th style="text-align:left;font-weight:normal;color:#555;padding:2px 16px 2px 0;vertical-align:top">${escapeHtml(label)}</th><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`,
            )
            .join('')}</table>`;
        case 'link':
          return `<p style="margin:0 0 12px"><a href="${escapeHtml(block.href)}">${escapeHtml(block.label)}</a></p>`;
        default:
          return block satisfies never;
      }
    })
    .join('\n');
  return `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="font-family:sans-serif;font-size:14px;line-height:1.6;color:#222;max-width:640px">
${body}
</body></html>
`;
}
