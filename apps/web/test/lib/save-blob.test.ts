import { afterEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_URL_LIFETIME_MS, saveBlob } from '../../src/lib/resources/download';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('saveBlob', () => {
  it('clicks a link to the file under its name and releases the object URL only later, not during the click', () => {
    vi.useFakeTimers();
    // jsdom has no object URLs: these stand in for the browser's.
    const create = vi.fn(() => 'blob:goc/1');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const clicked: { href: string; download: string; revokedAtClick: boolean }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download, revokedAtClick: revoke.mock.calls.length > 0 });
    });

    const blob = new Blob(['x']);
    saveBlob(blob, 'respaldo.tar.gz');
    expect(create).toHaveBeenCalledWith(blob);
    expect(clicked).toEqual([{ href: 'blob:goc/1', download: 'respaldo.tar.gz', revokedAtClick: false }]);
    expect(document.querySelector('a[download]')).toBeNull();
    expect(revoke).not.toHaveBeenCalled();

    vi.advanceTimersByTime(OBJECT_URL_LIFETIME_MS - 1);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:goc/1');
  });
});
