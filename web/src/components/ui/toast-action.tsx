import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** The button a toast offers beside its message ("Open", "Reload"). */
export function ToastAction({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button size="small" variant="contained" color="primary" onClick={onClick}>
      {children}
    </Button>
  );
}
