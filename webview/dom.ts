/**
 * The only way the webview creates elements: text goes in through textContent, never as markup,
 * because model names are untrusted.
 */

/** Creates an element with an optional class list and text content. */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Creates a custom element (e.g. a vscode-elements control) with optional attributes and text. */
export function custom(tag: string, attrs: Record<string, string> = {}, text?: string): HTMLElement {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Creates an SVG element. */
export function svgEl<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

/** Removes all children of a node. */
export function clear(node: Node): void {
  while (node.firstChild) node.removeChild(node.firstChild);
}

/**
 * A field's error line: an alert the field names in aria-describedby, hidden until `show` gets a
 * problem. `show(problem)` sets or clears the text and the field's invalid state, and returns true
 * when the value is valid (problem null).
 */
export function fieldError(field: HTMLElement, id: string): { element: HTMLElement; show(problem: string | null): boolean } {
  const error = el('span', 'bind-error');
  error.id = id;
  error.setAttribute('role', 'alert');
  error.hidden = true;
  field.setAttribute('aria-describedby', error.id);
  return {
    element: error,
    show(problem) {
      error.textContent = problem ?? '';
      error.hidden = problem === null;
      if (problem !== null) {
        field.setAttribute('invalid', '');
        field.setAttribute('aria-invalid', 'true');
        return false;
      }
      field.removeAttribute('invalid');
      field.removeAttribute('aria-invalid');
      return true;
    },
  };
}
