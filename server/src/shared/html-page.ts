/**
 * One shape for every HTML page Planilla writes (the audit report, the ruling, the board view's
 * webview, the report panel): the doctype, `<html lang>`, the head, the body. `standardHead` gives
 * the head most pages share: charset, content-security policy, the viewport line (optional), the
 * title and one style sheet (with a nonce in a webview).
 *
 * Invariants: the caller escapes what it passes (`cspAttribute` for an attribute, `titleHtml` and
 * the body as HTML): this module adds no text of its own and escapes nothing twice; the page ends
 * with a newline.
 *
 * Example:
 *   htmlPage('es', standardHead({ cspAttribute: CSP, titleHtml: 'Acta', style: STYLE }), ['<h1>Acta</h1>']);
 */

interface StandardHead {
  /** The content-security policy, escaped for an attribute. */
  readonly cspAttribute: string;
  /** The page's title, escaped as HTML. */
  readonly titleHtml: string;
  /** The style sheet's text. */
  readonly style: string;
  /** The nonce (escaped) the style sheet carries in a webview. */
  readonly styleNonce?: string;
  /** Whether to add the viewport line (pages read on a phone or in a panel). */
  readonly viewport?: boolean;
}

/** The head lines most pages share, in this order: charset, policy, viewport, title, style. */
export function standardHead(head: StandardHead): string[] {
  return [
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${head.cspAttribute}">`,
    ...(head.viewport ? ['<meta name="viewport" content="width=device-width, initial-scale=1">'] : []),
    `<title>${head.titleHtml}</title>`,
    head.styleNonce === undefined ? `<style>${head.style}</style>` : `<style nonce="${head.styleNonce}">${head.style}</style>`,
  ];
}

/** A whole page: the doctype, `<html lang>`, the head's lines and the body's lines. */
export function htmlPage(lang: string, head: readonly string[], body: readonly string[]): string {
  return ['<!DOCTYPE html>', `<html lang="${lang}">`, '<head>', ...head, '</head>', '<body>', ...body, '</body>', '</html>', ''].join('\n');
}
