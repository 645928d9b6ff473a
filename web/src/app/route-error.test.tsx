import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, Router, useRoutes } from '../lib/router';
import { RouteErrorBoundary } from './route-error';

function Broken(): never {
  throw new Error('screen failed');
}

function Routes() {
  return useRoutes([
    { path: '/broken', element: <Broken /> },
    { path: '/fine', element: <p>Fine</p> },
  ]);
}

afterEach(() => vi.restoreAllMocks());

describe('RouteErrorBoundary', () => {
  it('shows the error page for a screen that throws, and the next page once navigated', () => {
    // React reports the caught error on the console.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const history = createMemoryHistory(['/broken']);
    render(
      <Router history={history}>
        <RouteErrorBoundary>
          <Routes />
        </RouteErrorBoundary>
      </Router>,
    );
    expect(
      screen.getByRole('heading', { name: 'Something went wrong. Please try again.' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    act(() => history.push('/fine', null));
    expect(screen.getByText('Fine')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });
});
