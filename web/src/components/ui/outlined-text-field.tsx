import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useDefaultProps } from '@mui/material/DefaultPropsProvider';
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { useId, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';

/** Styled as MUI's TextField root, so the theme's MuiTextField overrides apply here too. */
const Root = styled(FormControl, { name: 'MuiTextField', slot: 'Root' })({});

export interface OutlinedTextFieldProps {
  label: ReactNode;
  value: string;
  onChange?: (event: ChangeEvent<HTMLInputElement>) => void;
  placeholder?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  /** Defaults to the theme's MuiTextField default (full width). */
  fullWidth?: boolean;
  sx?: SxProps<Theme>;
  slotProps?: { htmlInput?: InputHTMLAttributes<HTMLInputElement> };
}

/**
 * The outlined TextField of the first screens, built from the parts MUI's TextField renders
 * (FormControl, InputLabel, OutlinedInput, FormHelperText) to the same markup and classes.
 * MUI's TextField also imports Select, and with it Menu, Popover and Modal: too much for /login.
 */
export function OutlinedTextField(inProps: OutlinedTextFieldProps) {
  const {
    label,
    value,
    onChange,
    placeholder,
    autoFocus = false,
    disabled = false,
    error = false,
    helperText,
    fullWidth = false,
    sx,
    slotProps,
  } = useDefaultProps({ props: inProps, name: 'MuiTextField' });
  const id = useId();
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <Root
      className="MuiTextField-root"
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      variant="outlined"
      sx={sx}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        aria-describedby={helperTextId}
        autoFocus={autoFocus}
        fullWidth={fullWidth}
        id={id}
        label={label}
        placeholder={placeholder}
        value={value}
        onChange={onChange}
        inputProps={slotProps?.htmlInput}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </Root>
  );
}
