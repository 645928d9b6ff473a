import Box from '@mui/material/Box';
import InputBase from '@mui/material/InputBase';
import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';

interface CodeInputProps {
  /** One entry per box; '' for an empty box. */
  value: string[];
  onChange: (value: string[]) => void;
  /** Enter in any box. */
  onSubmit?: () => void;
  /** Normalises one typed character, or returns '' to reject it. */
  accept: (char: string) => string;
  /** Accessible name of box i (1-based), e.g. 'OTP digit 1'. */
  boxLabel: (position: number) => string;
  inputMode?: 'numeric' | 'text';
  error?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
}

/**
 * Single-character boxes: typing moves forward, Backspace on an empty box moves back,
 * Enter submits, pasting a whole code fills every box.
 */
export function CodeInput({
  value,
  onChange,
  onSubmit,
  accept,
  boxLabel,
  inputMode = 'text',
  error = false,
  disabled = false,
  autoFocus = false,
}: CodeInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;

  const focus = (index: number) => {
    const input = refs.current[Math.max(0, Math.min(length - 1, index))];
    input?.focus();
    input?.select();
  };

  const setAt = (index: number, char: string) => {
    const next = [...value];
    next[index] = char;
    onChange(next);
  };

  const handleChange = (index: number, raw: string) => {
    if (raw === '') {
      setAt(index, '');
      return;
    }
    // The box may hold the old character plus the new one; keep the newest accepted one.
    const chars = [...raw].map(accept).filter(Boolean);
    if (raw.length > 1 && chars.length >= length) {
      onChange(chars.slice(0, length));
      focus(length - 1);
      return;
    }
    // A full last box keeps its character: a 5th one typed after the code is ignored.
    if (index === length - 1 && value[index] !== '' && raw.length > 1) return;
    const char = chars.at(-1);
    if (!char) return;
    setAt(index, char);
    if (index < length - 1) focus(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit?.();
    } else if (event.key === 'Backspace' && value[index] === '' && index > 0) {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      focus(index + 1);
    } else if (
      event.key.length === 1 &&
      value[index] !== '' &&
      accept(event.key) === value[index]
    ) {
      // Typing over a box its own character changes nothing, so React fires no onChange and
      // the focus would stay: retyping a code after a wrong try would scramble it.
      event.preventDefault();
      if (index < length - 1) focus(index + 1);
    }
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    const chars = [...event.clipboardData.getData('text')].map(accept).filter(Boolean);
    if (chars.length === 0) return;
    event.preventDefault();
    const next = [...value];
    chars.slice(0, length - index).forEach((char, offset) => {
      next[index + offset] = char;
    });
    onChange(next);
    focus(Math.min(length - 1, index + chars.length));
  };

  return (
    <Box sx={{ display: 'flex', gap: 1.5, justifyContent: 'center' }}>
      {value.map((char, index) => (
        <InputBase
          key={index}
          value={char}
          disabled={disabled}
          autoFocus={autoFocus && index === 0}
          inputRef={(el: HTMLInputElement | null) => {
            refs.current[index] = el;
          }}
          onChange={(event) => handleChange(index, event.target.value)}
          onKeyDown={(event) => handleKeyDown(index, event as KeyboardEvent<HTMLInputElement>)}
          onPaste={(event) => handlePaste(index, event as ClipboardEvent<HTMLInputElement>)}
          onFocus={(event) => event.target.select()}
          inputProps={{
            'aria-label': boxLabel(index + 1),
            'aria-invalid': error || undefined,
            inputMode,
            autoComplete: index === 0 && inputMode === 'numeric' ? 'one-time-code' : 'off',
            maxLength: 2,
            style: { textAlign: 'center' },
          }}
          sx={{
            width: 56,
            height: 64,
            fontSize: '1.75rem',
            fontWeight: 700,
            borderRadius: 2,
            border: '2px solid',
            borderColor: error ? 'error.main' : char ? 'primary.main' : 'divider',
            bgcolor: 'background.paper',
            '&.Mui-focused': { borderColor: 'primary.light' },
          }}
        />
      ))}
    </Box>
  );
}
