/**
 * The title and description a page sets at run time (document.title, meta description), noted
 * while the build prerenders it (prerender.tsx), so its static HTML carries them too: a static
 * public page has no app to set them. Outside the build's server rendering this does nothing.
 */
export interface PageHead {
  title: string;
  description: string;
}

let noted: PageHead | null = null;

export function notePageHead(head: PageHead): void {
  if (import.meta.env.SSR) noted = head;
}

/** The head noted by the last render, once. */
export function takePageHead(): PageHead | null {
  const head = noted;
  noted = null;
  return head;
}
