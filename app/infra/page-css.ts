/**
 * The stylesheet a public page carries in its head: only the rules that can apply to the page's own
 * markup. The whole stylesheet is about 7.7 KB of a page's 13 to 24 KB compressed, and every public
 * page's document must reach a phone before anything paints, so the rules for the desk, for other
 * pages and for states the page is not in yet stay out of it. The whole stylesheet follows as a file
 * once the page is painted (`finish-page.server.ts`), before the page's script can change anything.
 *
 * A rule is kept unless a class, id or element its selector requires is missing from the page: a
 * rule kept in doubt costs a few bytes, a rule dropped in error would show the page unstyled. So
 * attribute selectors and everything inside a pseudo-class's parentheses count as present.
 *
 * Written for the minified CSS the build makes (no comments; nesting only inside at-rules). Pure
 * string functions: the build and the live layer run it on the same CSS and get the same result.
 */

type Node =
  | { kind: "rule"; selector: string; text: string }
  | { kind: "group"; prelude: string; children: Node[] }
  | { kind: "other"; text: string };

/** At-rules whose block holds rules, pruned rule by rule; any other at-rule is kept whole. */
const GROUPS = /^@(media|supports|layer|container|starting-style|scope)\b/;

/** The index just past the block that opens at `open` (a `{`), skipping strings and escapes. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close === -1 ? css.length : close;
    } else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return css.length;
}

/** The index of the next `{` or `;` at the top level of a prelude, skipping strings and escapes. */
function preludeEnd(css: string, from: number): number {
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") {
      const close = css.indexOf(c, i + 1);
      i = close === -1 ? css.length : close;
    } else if (c === "{" || c === ";") return i;
  }
  return css.length;
}

export function parseCss(css: string): Node[] {
  const nodes: Node[] = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i] ?? "")) i++;
    if (i >= css.length) break;
    const stop = preludeEnd(css, i);
    const prelude = css.slice(i, stop).trim();
    if (css[stop] !== "{") {
      nodes.push({ kind: "other", text: css.slice(i, stop + 1) });
      i = stop + 1;
      continue;
    }
    const end = blockEnd(css, stop);
    if (prelude.startsWith("@")) {
      nodes.push(
        GROUPS.test(prelude)
          ? { kind: "group", prelude, children: parseCss(css.slice(stop + 1, end - 1)) }
          : { kind: "other", text: css.slice(i, end) },
      );
    } else nodes.push({ kind: "rule", selector: prelude, text: css.slice(i, end) });
    i = end;
  }
  return nodes;
}

/** What a selector can ask of a page: its classes, ids and elements. */
export interface PageTokens {
  classes: ReadonlySet<string>;
  ids: ReadonlySet<string>;
  tags: ReadonlySet<string>;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#39": "'", "#x27": "'" };
const decode = (value: string) => value.replace(/&(#?\w+);/g, (whole, name: string) => ENTITIES[name] ?? whole);

export function pageTokens(html: string): PageTokens {
  const classes = new Set<string>();
  for (const m of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of decode(m[1] ?? "").split(/\s+/)) if (name) classes.add(name);
  const ids = new Set([...html.matchAll(/\sid="([^"]*)"/g)].map((m) => decode(m[1] ?? "")));
  const tags = new Set([...html.matchAll(/<([a-zA-Z][\w-]*)/g)].map((m) => (m[1] ?? "").toLowerCase()));
  return { classes, ids, tags };
}

/** A CSS identifier from `from` on, with its escapes resolved, and where it ends. */
function readIdent(selector: string, from: number): [string, number] {
  let name = "";
  let i = from;
  while (i < selector.length) {
    const c = selector[i] ?? "";
    if (c === "\\") {
      const hex = /^[0-9a-fA-F]{1,6}\s?/.exec(selector.slice(i + 1));
      if (hex) {
        name += String.fromCodePoint(parseInt(hex[0].trim(), 16));
        i += 1 + hex[0].length;
      } else {
        name += selector[i + 1] ?? "";
        i += 2;
      }
    } else if (/[\w-]/.test(c) || c.charCodeAt(0) > 127) {
      name += c;
      i++;
    } else break;
  }
  return [name, i];
}

/** The index just past the bracket group that opens at `open`, `(` or `[`. */
function groupEnd(selector: string, open: number): number {
  const closer = selector[open] === "(" ? ")" : "]";
  let depth = 0;
  for (let i = open; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") i++;
    else if (c === selector[open]) depth++;
    else if (c === closer && --depth === 0) return i + 1;
  }
  return selector.length;
}

/** False only when the selector names a class, id or element the page does not have. */
export function mayMatch(selector: string, page: PageTokens): boolean {
  let i = 0;
  while (i < selector.length) {
    const c = selector[i] ?? "";
    if (c === "\\" || /[a-zA-Z]/.test(c)) {
      const [tag, end] = readIdent(selector, i);
      if (!page.tags.has(tag.toLowerCase())) return false;
      i = end;
    } else if (c === "." || c === "#") {
      const [name, end] = readIdent(selector, i + 1);
      if (!(c === "." ? page.classes : page.ids).has(name)) return false;
      i = end;
    } else if (c === "[") i = groupEnd(selector, i);
    else if (c === ":") {
      // A pseudo-class or pseudo-element: its name asks nothing of the markup, and what its
      // parentheses hold may match other elements than the selector's own, so it counts as present.
      const [, end] = readIdent(selector, selector[i + 1] === ":" ? i + 2 : i + 1);
      i = selector[end] === "(" ? groupEnd(selector, end) : end;
    } else i++;
  }
  return true;
}

/** The selector list split at its top-level commas. */
function selectorList(selector: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") i = groupEnd(selector, i) - 1;
    else if (c === ",") {
      parts.push(selector.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(selector.slice(start));
  return parts;
}

function prune(nodes: readonly Node[], page: PageTokens): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "other") out += node.text;
    else if (node.kind === "rule") {
      if (selectorList(node.selector).some((s) => mayMatch(s, page))) out += node.text;
    } else {
      const inner = prune(node.children, page);
      if (inner) out += `${node.prelude}{${inner}}`;
    }
  }
  return out;
}

const VAR_REFERENCE = /var\(\s*(--[\w-]+)/g;
const references = (text: string) => [...text.matchAll(VAR_REFERENCE)].map((m) => m[1] ?? "");

/** A rule's declarations, split at the semicolons outside parentheses and strings. */
function declarations(rule: string): string[] {
  const body = rule.slice(rule.indexOf("{") + 1, rule.lastIndexOf("}"));
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === "\\") i++;
    else if (c === "(") i = groupEnd(body, i) - 1;
    else if (c === '"' || c === "'") i = Math.max(body.indexOf(c, i + 1), i);
    else if (c === ";") {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts.filter((d) => d.trim() !== "");
}

const propertyName = (declaration: string) => declaration.slice(0, declaration.indexOf(":")).trim();
const setsOnlyVariables = (node: Node): boolean =>
  node.kind === "rule" &&
  !node.text.slice(node.text.indexOf("{")).includes("{", 1) &&
  declarations(node.text).every((d) => propertyName(d).startsWith("--"));

/**
 * Drops the custom properties nothing on the page reads: the theme's colours and sizes no kept rule
 * uses, and the registrations (`@property`) and defaults of the variables behind utilities the page
 * does not have. A variable counts as read when a kept rule, a read variable's value or the page's
 * own markup (an inline style) names it in `var()`.
 */
function pruneVariables(nodes: readonly Node[], html: string): string {
  const blocks: Node[] = [];
  const read = new Set([...html.matchAll(/\sstyle="([^"]*)"/g)].flatMap((m) => references(decode(m[1] ?? ""))));
  const visit = (list: readonly Node[]) => {
    for (const node of list) {
      if (node.kind === "group") visit(node.children);
      else if (setsOnlyVariables(node)) blocks.push(node);
      else if (node.kind === "rule" || !/^@property\b/.test(node.text))
        references(node.text).forEach((r) => read.add(r));
    }
  };
  visit(nodes);
  for (let grew = true; grew;) {
    grew = false;
    for (const block of blocks)
      for (const d of declarations(block.kind === "rule" ? block.text : ""))
        if (read.has(propertyName(d)))
          for (const r of references(d))
            if (!read.has(r)) {
              read.add(r);
              grew = true;
            }
  }
  const write = (list: readonly Node[]): string => {
    let out = "";
    for (const node of list) {
      if (node.kind === "group") {
        const inner = write(node.children);
        if (inner) out += `${node.prelude}{${inner}}`;
      } else if (node.kind === "rule" && blocks.includes(node)) {
        const kept = declarations(node.text).filter((d) => read.has(propertyName(d)));
        if (kept.length) out += `${node.selector}{${kept.join(";")}}`;
      } else if (node.kind === "other" && /^@property\b/.test(node.text)) {
        if (read.has(/^@property\s+(--[\w-]+)/.exec(node.text)?.[1] ?? "")) out += node.text;
      } else out += node.text;
    }
    return out;
  };
  return write(nodes);
}

/** The rules of `css` that can apply to `html`, in their order, without the variables none of them reads. */
export function cssForPage(css: string, html: string): string {
  return pruneVariables(parseCss(prune(parseCss(css), pageTokens(html))), html);
}
