/** Names a screen reader reads, in Portuguese (issue 14). */
import { render, screen } from '@testing-library/react';
import { Modal } from 'antd';
import { describe, expect, it } from 'vitest';
import { TestWrapper } from './TestWrapper';

describe('accessible names', () => {
  it("names a dialog's close button in Portuguese, not rc-dialog's English", async () => {
    render(
      <Modal open title="Cancelar venda">
        conteúdo
      </Modal>,
      { wrapper: TestWrapper() },
    );
    expect(await screen.findByRole('button', { name: 'Fechar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
  });
});
