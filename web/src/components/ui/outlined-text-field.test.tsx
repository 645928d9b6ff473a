import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders } from '../../app/provider';
import { OutlinedTextField } from './outlined-text-field';

function Field({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <OutlinedTextField
      label="Phone number"
      value={value}
      onChange={(e) => setValue(e.target.value)}
      error={error !== undefined}
      helperText={error}
      slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
    />
  );
}

describe('OutlinedTextField', () => {
  it("is labelled, typed into and full width by the theme's MuiTextField defaults", async () => {
    render(
      <AppProviders>
        <Field />
      </AppProviders>,
    );
    const input = screen.getByLabelText('Phone number');
    await userEvent.type(input, '123456');
    expect(input).toHaveValue('1234');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(input.closest('.MuiTextField-root')).toHaveClass('MuiFormControl-fullWidth');
  });

  it('describes the input by its helper text and marks it invalid on error', () => {
    render(
      <AppProviders>
        <Field error="Enter a valid number" />
      </AppProviders>,
    );
    const input = screen.getByLabelText('Phone number');
    expect(input).toHaveAccessibleDescription('Enter a valid number');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('can be disabled', () => {
    render(<OutlinedTextField label="Phone number" value="98" disabled />);
    expect(screen.getByLabelText('Phone number')).toBeDisabled();
  });
});
