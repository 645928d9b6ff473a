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
});
