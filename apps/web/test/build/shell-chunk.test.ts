import { describe, expect, it } from 'vitest';
import { preloadedDependencies } from '../../build/shell-chunk';

const sizes = new Map([
  ['assets/shell-a1b2c3d4.js', 27_000],
  ['assets/primereact-e5f6g7h8.js', 156_000],
  ['assets/schemas-i9j0k1l2.js', 80_000],
  ['assets/menu-m3n4o5p6.js', 800],
]);

describe('preloadedDependencies (Vite loader preloads)', () => {
  it("preloads the shell's dependencies with it, largest first", () => {
    expect(preloadedDependencies('assets/shell-a1b2c3d4.js', ['assets/shell-a1b2c3d4.js', 'assets/menu-m3n4o5p6.js', 'assets/schemas-i9j0k1l2.js', 'assets/primereact-e5f6g7h8.js'], sizes)).toEqual([
      'assets/primereact-e5f6g7h8.js',
      'assets/schemas-i9j0k1l2.js',
      'assets/shell-a1b2c3d4.js',
      'assets/menu-m3n4o5p6.js',
    ]);
  });

  it("leaves a page's chunks to the browser, which finds them as it parses the page", () => {
    expect(preloadedDependencies('assets/dashboard-page-q7r8s9t0.js', ['assets/dashboard-page-q7r8s9t0.js', 'assets/shell-a1b2c3d4.js'], sizes)).toEqual([]);
    expect(preloadedDependencies('assets/primereact-e5f6g7h8.js', ['assets/primereact-e5f6g7h8.js'], sizes)).toEqual([]);
  });

  it("links the list codec's dependencies with it: the first rows' request waits for them", () => {
    expect(preloadedDependencies('assets/list-query-f3g4h5i6.js', ['assets/list-query-f3g4h5i6.js', 'assets/days-j7k8l9m0.js', 'assets/zone-n1o2p3q4.js'], sizes)).toEqual([
      'assets/list-query-f3g4h5i6.js',
      'assets/days-j7k8l9m0.js',
      'assets/zone-n1o2p3q4.js',
    ]);
    expect(preloadedDependencies('assets/list-request-r5s6t7u8.js', ['assets/list-request-r5s6t7u8.js', 'assets/list-query-f3g4h5i6.js'], sizes)).toEqual([
      'assets/list-request-r5s6t7u8.js',
      'assets/list-query-f3g4h5i6.js',
    ]);
  });

  it("links the entry's own imports from index.html, in the order given", () => {
    expect(preloadedDependencies('assets/index-u1v2w3x4.js', ['assets/react-y5z6a7b8.js', 'assets/storage-signal-c9d0e1f2.js'], sizes, 'html')).toEqual([
      'assets/react-y5z6a7b8.js',
      'assets/storage-signal-c9d0e1f2.js',
    ]);
  });
});
