import { describe, expect, it } from 'vitest';
import { matchPage } from './pages.ts';

describe('matchPage', () => {
  it('names the page of an app path, its parameters one segment each', () => {
    expect(matchPage('/')).toBe('/');
    expect(matchPage('/login')).toBe('/login');
    expect(matchPage('/login/')).toBe('/login');
    expect(matchPage('/showdown')).toBe('/showDown');
    expect(matchPage('/spectate/AB12')).toBe('/spectate/:code');
    expect(matchPage('/game-report/7')).toBe('/game-report/:id');
    expect(matchPage('/showDown?code=AB12')).toBe('/showDown');
    expect(matchPage('/?utm=x')).toBe('/');
  });

  it('leaves files, server paths and unknown paths out', () => {
    for (const path of [
      '/robots.txt',
      '/favicon.ico',
      '/metrics',
      '/healthz',
      '/api/user/profile',
      '/spectate',
      '/spectate/AB12/more',
      '/login.php',
      '/loginx',
      '//',
    ]) {
      expect(matchPage(path), path).toBeUndefined();
    }
  });
});
