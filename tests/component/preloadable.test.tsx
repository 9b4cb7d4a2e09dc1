import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { preloadable } from '../../src/components/preloadable';

const Greeting = ({ name }: { name: string }) => <p>Olá, {name}</p>;

/** A module load that the test settles by hand. */
const manualLoad = () => {
  let settle!: { resolve: (m: { default: typeof Greeting }) => void; reject: (e: Error) => void };
  let calls = 0;
  const load = () => {
    calls++;
    return new Promise<{ default: typeof Greeting }>((resolve, reject) => (settle = { resolve, reject }));
  };
  return { load, settle: () => settle, calls: () => calls };
};

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};
  static getDerivedStateFromError = (error: Error) => ({ error });
  render = () => (this.state.error ? <p>falhou: {this.state.error.message}</p> : this.props.children);
}

const renderIn = (node: ReactNode) =>
  render(
    <Boundary>
      <Suspense fallback={<p>Carregando…</p>}>{node}</Suspense>
    </Boundary>,
  );

describe('preloadable', () => {
  it('renders a preloaded module at once, without the fallback', async () => {
    const m = manualLoad();
    const Page = preloadable(m.load);
    const preloaded = Page.preload();
    m.settle().resolve({ default: Greeting });
    await preloaded;
    renderIn(<Page name="Olívia" />);
    // Synchronously: no fallback commit, so React has no reveal to hold back.
    expect(screen.getByText('Olá, Olívia')).toBeInTheDocument();
    expect(screen.queryByText('Carregando…')).toBeNull();
    expect(m.calls()).toBe(1);
  });

  it('suspends like lazy until the module is in, and loads it once', async () => {
    const m = manualLoad();
    const Page = preloadable(m.load);
    await act(async () => {
      renderIn(
        <>
          <Page name="Ana" />
          <Page name="Fábio" />
        </>,
      );
    });
    expect(screen.getByText('Carregando…')).toBeInTheDocument();
    await act(async () => m.settle().resolve({ default: Greeting }));
    expect(await screen.findByText('Olá, Ana')).toBeInTheDocument();
    expect(screen.getByText('Olá, Fábio')).toBeInTheDocument();
    expect(m.calls()).toBe(1);
  });

  it('hands a failed load to the error boundary', async () => {
    // React reports the error the boundary caught; expected here.
    const report = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const m = manualLoad();
    const Page = preloadable(m.load);
    const preloaded = Page.preload();
    m.settle().reject(new Error('chunk perdido'));
    await expect(preloaded).rejects.toThrow('chunk perdido');
    renderIn(<Page name="Ana" />);
    expect(await screen.findByText('falhou: chunk perdido')).toBeInTheDocument();
    report.mockRestore();
  });
});
