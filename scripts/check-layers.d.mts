/** Types of check-layers.mjs for the test that runs it. */
export interface LayerElement {
  type: string;
  rank: number;
}
export interface Violation {
  kind: 'page-to-page' | 'upward' | 'unclassified';
  where: string;
}
export function classify(relativePath: string): { element: LayerElement; name: string | null } | null;
export function findViolations(): Violation[];
