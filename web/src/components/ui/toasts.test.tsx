import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { closeSnackbar, enqueueSnackbar, Toaster } from './toasts';

describe('toasts', () => {
  it('shows a toast enqueued before notistack has loaded, once it has', async () => {
    enqueueSnackbar('Queued early', { variant: 'error' });
    render(<Toaster />);
    expect(await screen.findByText('Queued early')).toBeInTheDocument();
  });

  it('shows and closes toasts by key once mounted, and keeps them after a remount', async () => {
    const first = render(<Toaster />);
    enqueueSnackbar('First', { key: 'first', persist: true });
    expect(await screen.findByText('First')).toBeInTheDocument();
    closeSnackbar('first');
    await waitFor(() => expect(screen.queryByText('First')).not.toBeInTheDocument());

    first.unmount();
    enqueueSnackbar('While unmounted', { persist: true });
    render(<Toaster />);
    expect(await screen.findByText('While unmounted')).toBeInTheDocument();
  });

  it('shows a message that is already on screen once', async () => {
    render(<Toaster />);
    enqueueSnackbar('Selections added. Proceed to the next step.', { persist: true });
    enqueueSnackbar('Selections added. Proceed to the next step.', { persist: true });
    expect(await screen.findByText('Selections added. Proceed to the next step.')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText('Selections added. Proceed to the next step.')).toHaveLength(1);
    closeSnackbar();
  });

  it('places the toasts above the tab bar by its published height', async () => {
    render(<Toaster />);
    enqueueSnackbar('Placed', { persist: true });
    await screen.findByText('Placed');
    const css = [...document.querySelectorAll('style')].map((s) => s.textContent).join('\n');
    expect(css).toMatch(
      /\.notistack-SnackbarContainer\.notistack-SnackbarContainer\{bottom:calc\(max\(var\(--tab-bar-height, 0px\)/,
    );
    closeSnackbar();
  });
});
