import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { CenteredPanel } from '@/components/centered-panel.tsx';

/** A screen that broke while rendering: say so and offer a reload instead of a blank page. */
export function RouteErrorPage() {
  return (
    <CenteredPanel
      title="Something went wrong"
      actions={
        <Button variant="contained" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    >
      <Typography>This screen could not be shown. Reloading usually helps.</Typography>
    </CenteredPanel>
  );
}

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; resetKey: string };

/**
 * Shows RouteErrorPage in place of a screen that threw (or whose code could not be loaded),
 * and tries the screen again once `resetKey` (the path) changes.
 */
export class RouteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('A screen threw nothing') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.error ? <RouteErrorPage /> : this.props.children;
  }
}
