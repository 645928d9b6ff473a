import { describe, expect, it } from 'vitest';
import { pageDocument, pageFile } from '../build/prerender';

const index = [
  '<!doctype html><html><head><title>The Showdown</title>',
  '<script type="module" crossorigin src="/assets/index-1.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/react-2.js">',
  '</head><body><div id="root"></div></body></html>',
].join('');

describe('pageFile', () => {
  it('names a page by its first fixed segment', () => {
    expect(pageFile('/')).toBe('pages/index.html');
    expect(pageFile('/login')).toBe('pages/login.html');
    expect(pageFile('/showDown')).toBe('pages/showdown.html');
    expect(pageFile('/spectate/:code')).toBe('pages/spectate.html');
  });
});

describe('pageDocument', () => {
  const markup = {
    html: '<link rel="preload" as="image" href="/brand/logo.svg"/><main><h1>Login</h1></main>',
    styles: '<style data-emotion="css a1">.css-a1{color:gold}</style>',
  };

  it('puts the markup in #root, marked with whom it was drawn for', () => {
    const html = pageDocument(index, markup, 'newcomer', []);
    expect(html).toContain(
      '<div id="root" data-drawn-for="newcomer"><main><h1>Login</h1></main></div>',
    );
  });

  it("moves React's hoisted preloads and the styles into the head, after a preload of each new chunk", () => {
    const html = pageDocument(index, markup, 'anyone', ['assets/react-2.js', 'assets/login-3.js']);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" as="image" href="/brand/logo.svg"/>');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/login-3.js">');
    // The index preloads react already: not twice.
    expect(head.split('/assets/react-2.js').length).toBe(2);
    expect(head.endsWith(markup.styles)).toBe(true);
  });

  it('keeps dollar signs in the markup as they are', () => {
    const html = pageDocument(index, { html: '<p>$& $1</p>', styles: '' }, 'shell', []);
    expect(html).toContain('<p>$& $1</p>');
  });

  it('refuses an index.html without an empty #root', () => {
    expect(() => pageDocument('<html></html>', markup, 'shell', [])).toThrow(/root/);
  });
});
