/**
 * The browser tab's text: the screen, then the workspace or project it belongs to, then the
 * product ('Members · Acme · Baukasten'), so tabs and history entries tell screens apart.
 */
export function documentTitle(screen: string | undefined, context: string | undefined, product: string): string {
  return [screen, context, product].filter(Boolean).join(" · ");
}
