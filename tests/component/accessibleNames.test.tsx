/** Names a screen reader reads, in Portuguese (issue 14). */
import { render, screen } from '@testing-library/react';
import { Modal, Table } from 'antd';
import userEvent from '@testing-library/user-event';
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

  it('words the sort tooltip and the empty table as people say them', async () => {
    render(<Table rowKey="id" dataSource={[]} columns={[{ key: 'name', dataIndex: 'name', title: 'Nome', sorter: true }]} />, { wrapper: TestWrapper() });
    expect(screen.getAllByText('Nenhum registro').length).toBeGreaterThan(0);
    await userEvent.setup({ delay: null }).hover(screen.getByText('Nome'));
    expect(await screen.findByText('Ordenar em ordem crescente')).toBeInTheDocument();
  });
});
