import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';

describe('env', () => {
  it('applies the defaults', () => {
    expect(parseEnv({})).toMatchObject({
      VITE_API_URL: '',
      VITE_SHOP_URL: 'https://shop.theshowdown.example',
    });
  });

  it('treats an empty value as unset except for the API origin', () => {
    expect(parseEnv({ VITE_SHOP_URL: '', VITE_API_URL: '' }).VITE_SHOP_URL).toBe(
      'https://shop.theshowdown.example',
    );
  });

  it('names every bad key', () => {
    expect(() => parseEnv({ VITE_API_URL: 'not a url', VITE_SOCIAL_X_URL: 'nope' })).toThrow(
      /VITE_API_URL[\s\S]*VITE_SOCIAL_X_URL/,
    );
  });
});
