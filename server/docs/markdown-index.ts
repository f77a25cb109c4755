// The statecharts index (docs/statecharts/README.md, written by `npm run diagrams`) as HTML. It uses
// only headings, paragraphs, inline code, links and one table, so a small renderer of exactly that
// subset does; everything is escaped, and a link is kept only when `linkOf` gives the address the
// server serves its target at (the diagrams and their sources); otherwise its text stays plain.

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function inline(text: string, linkOf: (href: string) => string | undefined): string {
  const parts: string[] = [];
  const pattern = /`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    parts.push(escapeHtml(text.slice(last, match.index)));
    const [, code, label, href] = match;
    if (code !== undefined) parts.push(`<code>${escapeHtml(code)}</code>`);
    else if (label !== undefined && href !== undefined) {
      const target = linkOf(href);
      parts.push(target ? `<a href="${escapeHtml(target)}">${escapeHtml(label)}</a>` : escapeHtml(label));
    }
    last = match.index + match[0].length;
  }
  parts.push(escapeHtml(text.slice(last)));
  return parts.join('');
}

const cellsOf = (line: string) =>
  line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());

/** Markdown of the subset above -> an HTML fragment. */
export function renderMarkdownSubset(markdown: string, linkOf: (href: string) => string | undefined): string {
  const html: string[] = [];
  const lines = markdown.split(/\r?\n/);
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      const level = (heading[1] ?? '#').length;
      html.push(`<h${level}>${inline(heading[2] ?? '', linkOf)}</h${level}>`);
    } else if (line.trim().startsWith('|')) {
      const rows: string[] = [];
      while (index < lines.length && (lines[index] ?? '').trim().startsWith('|')) rows.push(lines[index++] ?? '');
      index--;
      const [head = '', , ...body] = rows;
      html.push(
        '<table><thead><tr>' +
          cellsOf(head)
            .map((cell) => `<th scope="col">${inline(cell, linkOf)}</th>`)
            .join('') +
          '</tr></thead><tbody>',
      );
      for (const row of body)
        html.push(
          '<tr>' +
            cellsOf(row)
              .map((cell) => `<td>${inline(cell, linkOf)}</td>`)
              .join('') +
            '</tr>',
        );
      html.push('</tbody></table>');
    } else if (line.trim() !== '') {
      html.push(`<p>${inline(line, linkOf)}</p>`);
    }
  }
  return html.join('\n');
}
