const PRODUCT = 'Tracklint';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);
}

/** One layout for every message: a heading, a paragraph, a button-style link, and a footnote. */
export function emailLayout(opts: { heading: string; intro: string; action: string; link: string; footnote: string }): { text: string; html: string } {
  const text = `${opts.heading}\n\n${opts.intro}\n\n${opts.action}: ${opts.link}\n\n${opts.footnote}\n\n— ${PRODUCT}\n`;
  const link = escapeHtml(opts.link);
  const html = `<!doctype html>
<html><body style="font-family: -apple-system, Segoe UI, Roboto, sans-serif; color: #1a1b1e; line-height: 1.5">
<h2>${escapeHtml(opts.heading)}</h2>
<p>${escapeHtml(opts.intro)}</p>
<p><a href="${link}" style="display: inline-block; padding: 10px 18px; background: #228be6; color: #fff; border-radius: 6px; text-decoration: none">${escapeHtml(opts.action)}</a></p>
<p style="font-size: 13px; color: #555">If the button does not work, copy this address into your browser:<br>${link}</p>
<p style="font-size: 13px; color: #555">${escapeHtml(opts.footnote)}</p>
<p>— ${PRODUCT}</p>
</body></html>`;
  return { text, html };
}
