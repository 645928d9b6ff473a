import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { t } from '../i18n';

/** Shown when a screen fails to load or throws while rendering. */
export function RouteError() {
  return (
    <Stack component="main" spacing={3} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
      <Typography variant="h3" component="h1" color="primary">
        {t('Something went wrong. Please try again.')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('Reload')}
      </Button>
    </Stack>
  );
}

interface BoundaryProps {
  /** The error clears when this changes (another page). */
  resetKey: string;
  children: ReactNode;
}

interface BoundaryState {
  failed: boolean;
  resetKey: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** RouteError in place of a page whose module failed to load or that threw, until the next page. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
