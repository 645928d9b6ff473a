import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeSnackbar, Toaster } from '../components/ui/toasts';
import { showUpdatePrompt, UPDATE_AVAILABLE, UPDATE_RELOAD } from './update-prompt';

afterEach(() => {
  closeSnackbar();
});

describe('"Update available" (a new build\'s service worker is waiting)', () => {
  it('stays until the player taps Reload, which activates the new worker once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const apply = vi.fn(() => Promise.resolve());
    render(<Toaster />);
    showUpdatePrompt(apply);
    expect(await screen.findByText(UPDATE_AVAILABLE)).toBeVisible();

    // A toast of its own kind: it does not hide by itself like the others.
    await vi.advanceTimersByTimeAsync(60_000);
    vi.useRealTimers();
    expect(screen.getByText(UPDATE_AVAILABLE)).toBeVisible();
    expect(apply).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: UPDATE_RELOAD }));
    expect(apply).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByText(UPDATE_AVAILABLE)).not.toBeInTheDocument());
  });

  it('is shown once when the waiting worker is announced again', async () => {
    render(<Toaster />);
    showUpdatePrompt(() => undefined);
    showUpdatePrompt(() => undefined);
    await screen.findByText(UPDATE_AVAILABLE);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByText(UPDATE_AVAILABLE)).toHaveLength(1);
  });
});
