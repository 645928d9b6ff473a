import { describe, expect, it } from 'vitest';
import { rememberReturnTo, takeReturnTo } from './return-to';

describe('return-to after sign-in', () => {
  it('keeps an app path once', () => {
    rememberReturnTo('/showDown?code=AB12');
    expect(takeReturnTo()).toBe('/showDown?code=AB12');
    expect(takeReturnTo()).toBeNull();
  });

  it('never keeps a path that would leave the site', () => {
    for (const away of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      rememberReturnTo(away);
      expect(takeReturnTo()).toBeNull();
    }
  });
});
